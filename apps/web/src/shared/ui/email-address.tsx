import { Fragment, type ReactElement } from 'react';

/** An e-mail address that, where it must wrap, wraps after its @ and before its dots, never inside a word. */
export function EmailAddress({ address }: { address: string }): ReactElement {
  return (
    <>
      {address.split(/(?<=@)|(?=\.)/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
