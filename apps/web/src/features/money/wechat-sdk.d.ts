/** The part of WeChat's JS-SDK the pay hand-off uses (inside the mini-program's web-view). */
declare const wx: {
  miniProgram: {
    navigateTo(options: {
      url: string;
      success?: () => void;
      fail?: (error: unknown) => void;
    }): void;
  };
};
export default wx;
