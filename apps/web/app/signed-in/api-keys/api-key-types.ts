/** An API key as `GET /api/v1/api-keys` lists it. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** `POST /api/v1/api-keys` answers the key itself, this one time. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export const API_KEY_NAME_MAX = 100;
