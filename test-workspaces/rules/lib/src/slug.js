export function slug(s) { return s.toLowerCase(); }
