import { lazy, Suspense } from 'react';
import { useAppStore } from '@/lib/app-store';
import { loadChunk } from '@/lib/chunk-load';

const SignInErrorBody = lazy(() => loadChunk(() => import('./sign-in-error-body')).then((m) => ({ default: m.SignInErrorBody })));

/**
 * Spec §2/§8: any sign-in error appears in a dismissible red alert (with a way to try again where useful). The
 * alert itself loads only when there is an error: the first load of every user need not carry it (brief §8).
 */
export function SignInErrorAlert({ onRetry }: { onRetry?: () => void }) {
  const message = useAppStore((s) => s.signInError);
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <SignInErrorBody message={message} onRetry={onRetry} />
    </Suspense>
  );
}
