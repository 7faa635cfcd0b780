import { forwardRef, type ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost';
type Size = 'md' | 'lg';

const variantClasses: Record<Variant, string> = {
  primary: 'bg-walnut-900 text-white hover:bg-walnut-800 disabled:bg-walnut-700/60',
  secondary: 'bg-oak-400 text-walnut-950 hover:bg-oak-500 disabled:bg-oak-200',
  outline: 'border-2 border-walnut-900 text-walnut-900 hover:bg-walnut-900 hover:text-white disabled:opacity-60',
  ghost: 'text-walnut-900 hover:bg-oak-100 disabled:opacity-60',
};

const sizeClasses: Record<Size, string> = {
  md: 'min-h-11 px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
};

/** The one set of button styles; anything that looks like a button (even a Link) takes `buttonClasses`. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: Variant; size?: Size; className?: string } = {}) {
  return [
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-oak-500 disabled:cursor-not-allowed',
    variantClasses[variant],
    sizeClasses[size],
    className,
  ].join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses({ variant, size, className })} {...props} />;
});
