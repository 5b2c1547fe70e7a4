/** Services read the time through this so tests can move it (code expiry, token expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
