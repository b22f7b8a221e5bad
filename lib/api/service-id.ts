/** Rule 7: every `id` and `…Id` is a service ID; paths accept nothing else. */
export const SERVICE_ID_PATTERN = /^[0-9a-z]+$/;
