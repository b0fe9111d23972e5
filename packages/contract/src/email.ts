// The email rule of login and reissue forms (core.md §5), shared by the server's schemas and the web forms.
// Pure: the web app checks addresses without loading zod. Same expression as zod's default email check.
export const EMAIL_PATTERN = new RegExp(
  String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`,
);

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
