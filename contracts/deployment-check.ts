/**
 * The name and address on everything `npm run check:deployment` puts into a live deployment (its marked rows, its test
 * photo, the unsubscribe link the e-mail worker makes for it). example.com receives no mail (RFC 2606), so no person
 * is behind the address; the database's check functions name the same address.
 */
export const DEPLOYMENT_CHECK_NAME = 'Deployment Check';
export const DEPLOYMENT_CHECK_ADDRESS = 'deployment-check@example.com';
