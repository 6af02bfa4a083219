/** Said in the shop and on the cart, before anyone pays for a print. */
export function PrintedCodeNote({ className }: { className?: string }) {
  return (
    <p className={`text-[15px] text-slate-600 dark:text-slate-300 ${className ?? ''}`}>
      A printed item shows your medical card only while you have an active code. Free codes expire; premium codes never
      do.
    </p>
  );
}
