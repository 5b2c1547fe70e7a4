/** A refusal of the whole file (not a zip, too big, empty); its message is shown as is. */
export class GerberZipError extends Error {
  override name = 'GerberZipError';
}
