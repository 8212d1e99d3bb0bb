import type { ReactNode, Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClass, LARGE_TARGET } from './button-class';
import { cx } from './cx';
import { NewWindowIcon } from './icons';
import { Spinner } from './spinner';

export { type ButtonSize, type ButtonVariant, buttonClass, LARGE_TARGET } from './button-class';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
  /** Shown instead of the children while `isPending` (e.g. 「登録中...」). */
  pendingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The button (react-aria Button: keyboard, touch and screen readers handled). Use `onPress`, not onClick.
 * `isPending` keeps focus on the button (aria-disabled, not disabled), shows a spinner and the
 * `pendingLabel`, and ignores presses and form submission until it ends.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  className,
  children,
  pendingLabel,
  isPending,
  onPress,
  type,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      type={isPending ? 'button' : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending ? true : undefined}
      className={buttonClass(variant, size, className)}
    >
      {isPending ? (
        <>
          <Spinner />
          <span>{pendingLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </AriaButton>
  );
}

/** Visually hidden hint read after links that open a new window. */
export function NewWindowHint() {
  return (
    <>
      <NewWindowIcon />
      <span className="sr-only">（新しいウィンドウで開きます）</span>
    </>
  );
}

interface CommonLinkProps {
  children: ReactNode;
  className?: string;
  /** Opens in a new window (target=_blank, rel=noopener) and says so to screen readers. */
  newWindow?: boolean;
}

type InternalOrExternal =
  | { to: LinkProps['to']; href?: never; state?: unknown; replace?: boolean }
  | { href: string; to?: never; state?: never; replace?: never };

export type ButtonLinkProps = CommonLinkProps &
  InternalOrExternal & { variant?: ButtonVariant; size?: ButtonSize };

/** A link that looks like a button: `to` for app routes (react-router Link), `href` for files and other sites. */
export function ButtonLink({ variant = 'primary', size = 'md', className, ...rest }: ButtonLinkProps) {
  return <AnyLink {...rest} className={buttonClass(variant, size, className)} />;
}

export type TextLinkProps = CommonLinkProps & InternalOrExternal;

/**
 * A text link on a line of its own (underlined, theme link colour), e.g. 「講座一覧に戻る」. With the large
 * font it is a 48 px target like a button; the standard look is unchanged. A link inside a
 * sentence needs no component: a plain `<a>` / `<Link>` is already underlined in the link colour, and WCAG
 * 2.5.8 exempts it from the target size.
 */
export function TextLink({ className, ...rest }: TextLinkProps) {
  return (
    <AnyLink
      {...rest}
      className={cx('text-link underline underline-offset-4 hover:text-link-hover', LARGE_TARGET, className)}
    />
  );
}

function AnyLink({ children, className, newWindow, ...rest }: CommonLinkProps & InternalOrExternal) {
  const content = (
    <>
      {children}
      {newWindow && <NewWindowHint />}
    </>
  );
  const windowProps = newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (rest.to !== undefined) {
    return (
      // a link to another screen of the app is of no use on paper (styles.css @media print)
      <Link
        to={rest.to}
        state={rest.state}
        replace={rest.replace}
        className={className}
        data-print="hide"
        {...windowProps}
      >
        {content}
      </Link>
    );
  }
  return (
    <a href={rest.href} className={className} {...windowProps}>
      {content}
    </a>
  );
}
