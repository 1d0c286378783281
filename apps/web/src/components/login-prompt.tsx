import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import { onDemand } from './on-demand.tsx';

const LoginPromptContext = createContext<() => void>(() => undefined);

/** Opens the login-required dialog (spec section 2) from anywhere below the provider. */
export const useLoginPrompt = () => use(LoginPromptContext);

/** The login-required dialog; its code loads when it first opens. */
export const LoginRequiredDialog = onDemand(async () => ({
  default: (await import('./login-required-dialog.tsx')).LoginRequiredDialog,
}));

export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useMemo(
    () => () => {
      setOpen(true);
    },
    [],
  );
  return (
    <LoginPromptContext value={show}>
      {children}
      <LoginRequiredDialog
        open={open}
        onCancel={() => {
          setOpen(false);
        }}
        onLogin={() => {
          setOpen(false);
        }}
      />
    </LoginPromptContext>
  );
}
