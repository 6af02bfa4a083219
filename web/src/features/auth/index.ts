export { useAuth, type AuthState, type SessionUser } from './use-auth';
