// What other features may use from this one; everything else in the folder is its own business.
export { SignInNextPage } from './SignInNextPage';
