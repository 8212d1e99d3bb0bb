/** The web app's machinery: API client and SPEC §8 error routing, sessions, idle timeout, paths, helpers. */
export {
  ApiError,
  type ApiOptions,
  type Area,
  apiGet,
  apiPost,
  areaOfLocation,
  areaOfPath,
  errorDestination,
  handleApiError,
  isApiError,
  type NavigateTo,
  type Query,
  type QueryValue,
  withQuery,
} from './api';
export { AreaProvider, useApiErrorHandler, useArea } from './area';
export { DATE_MAX, DATETIME_MAX, formatDateJa, formatDateTimeJa, todayTokyo } from './dates';
export {
  DEFAULT_IDLE_TIMEOUT_SEC,
  IDLE_WARNING_SEC,
  type IdleTimeoutState,
  idleTracker,
  useIdleTimeout,
} from './idle';
export {
  type CourseDetailType,
  type CourseSearchKind,
  type FormMode,
  type NewsType,
  paths,
  safeNext,
} from './paths';
export { formatPhoneJp, formatPostcodeJp, toHalfWidth } from './phone';
export {
  applyPrefs,
  type DisplayPrefs,
  FONT_SIZE_KEY,
  FONT_SIZES,
  type FontSize,
  readPrefs,
  SCREEN_COLOR_KEY,
  SCREEN_COLORS,
  type ScreenColor,
  useDisplayPrefs,
  useStandardLook,
} from './prefs';
export { createQueryClient, isFormError, type ManabiMeta } from './query-client';
export {
  fetchSession,
  type LoginBody,
  login,
  logout,
  type SessionInfo,
  type SessionUser,
  SessionUserContext,
  sessionQueryKey,
  sessionQueryOptions,
  storedUser,
  useLogin,
  useLogout,
  useOptionalSessionUser,
  useSessionQuery,
  useSessionUser,
} from './session';
export { USER_DATA_KEY } from './stored-user';
