/** `Object.hasOwn` for the older WebViews (WeChat) the page still meets: an own key, never `constructor`. */
export const hasOwn = (object: object, key: PropertyKey): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);
