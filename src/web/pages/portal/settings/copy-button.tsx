import { Button } from '#web/components/button.tsx';
import { toast } from '#web/lib/toast.ts';

/** Copies `text` to the clipboard and says so (or says why it could not). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', text: 'Copied to the clipboard.', tone: 'success' });
    } catch {
      toast({
        title: 'Error',
        text: 'The browser did not allow copying. Select the text and copy it instead.',
        tone: 'error',
      });
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={copy}>
      {label}
    </Button>
  );
}
