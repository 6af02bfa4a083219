/** The toasts on screen (title, description, type), read from the notifications region. */
export function visibleToasts(): Array<{ type: string | undefined; title: string; description: string }> {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-type]'))
    .filter((toast) => toast.dataset.state !== 'closed')
    .map((toast) => {
      const [title = '', description = ''] = Array.from(toast.querySelectorAll(':scope > div > div')).map(
        (part) => part.textContent ?? '',
      );
      return { type: toast.dataset.type, title, description };
    });
}
