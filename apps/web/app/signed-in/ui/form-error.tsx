/**
 * The error of a whole form (the server's detail when it is not about one field). The region
 * is always present so that screen readers announce the sentence when it appears.
 */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  return (
    <p className="form-error" role="alert" id={id}>
      {message ?? ""}
    </p>
  );
}
