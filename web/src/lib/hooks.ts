import { useDispatch, useSelector, useStore } from 'react-redux';
// Types only (erased at build time): the store is composed in app/, the hooks live here so
// features and shared components never reach into app/.
// eslint-disable-next-line import-x/no-restricted-paths -- types only: the one sanctioned look into app/
import type { AppDispatch, AppStore, RootState } from '../app/store';

/** Typed Redux hooks: use these, never the plain react-redux ones. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
