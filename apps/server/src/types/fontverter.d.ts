/** fontverter ships no types: the one call the letter makes (WOFF2 → TrueType). */
declare module 'fontverter' {
  type FontFormat = 'sfnt' | 'truetype' | 'woff' | 'woff2';
  const fontverter: {
    convert(font: Buffer, to: FontFormat, from?: FontFormat): Promise<Buffer>;
    detectFormat(font: Buffer): Exclude<FontFormat, 'truetype'>;
  };
  export default fontverter;
}
