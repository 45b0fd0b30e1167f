import { KAVO_MESSAGES } from '#shared/screens/kavo.ts';
import { ApiFailure } from '#server/lib/api-failure.ts';

// The refusals of the KAVO ID calls, each with the text the page shows (cabinet.md §8). Not
// configured is the portal's state, not an outage: 409, like any call the current state refuses.

export const notConfigured = () => new ApiFailure(409, { success: false, message: KAVO_MESSAGES.notConfigured });
/** No token stored, or the provider refused it and its refresh token: the page's 'Не удалось загрузить данные пользователя.' */
export const profileUnavailable = () => new ApiFailure(502, { success: false, message: KAVO_MESSAGES.loadFailed });
/** The provider cannot be reached (discovery, a slow or down server) when a link is started. */
export const providerUnreachable = () => new ApiFailure(502, { success: false, message: KAVO_MESSAGES.unreachable });
