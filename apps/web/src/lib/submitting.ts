import type { SyntheticEvent } from 'react';

/** A form's onSubmit from react-hook-form's handleSubmit, which answers a promise. */
export function submitting(handler: (event: SyntheticEvent) => Promise<void>) {
  return (event: SyntheticEvent) => {
    void handler(event);
  };
}
