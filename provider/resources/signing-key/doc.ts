/** SigningKey's behaviour and API footprint, for its docs page. */
import { managementFootprint, type ResourceDoc } from "../../resource-doc";

export const signingKeyBehaviour: ResourceDoc["behaviour"] = {
  replace: "A change of `projectRef`, `algorithm`, `legacy` or `keyId`. `status` is changed in place.",
  adopt:
    "`legacy: true` adopts the legacy JWT secret when it was taken over already (`GET …/signing-keys/legacy`), and takes it over otherwise. `keyId` adopts any existing key by its id. Other keys have no name to find them by, so without `keyId` a key is always created.",
  drift:
    "Refresh reads the key and reports `status` when it differs: moved out of band, or retired to `previously_used` because another key was made `in_use`. `up` moves it back where the service allows it; a move it refuses fails with the service's message. A key deleted out of band shows as deleted.",
  destroy:
    "A `standby` or `revoked` key is deleted; a `previously_used` one is revoked, then deleted. The key `in_use` is left in the project (it always signs with one) and only leaves the stack: make another key `in_use` first to remove it.",
  notes: [
    "Zero-downtime rotation, one `up` per step: (1) add the new key as `standby`, so verifiers that fetch the project's JWKS learn it before it signs anything; (2) declare the new key `in_use` and the old one `previously_used` (new tokens are signed with the new key; tokens signed with the old one still verify); (3) once the old tokens have expired (the auth config's `jwtExp`, an hour by default), declare the old key `revoked`; (4) remove it from the program, which deletes it. [examples/signing-key-rotation](../../examples/signing-key-rotation/) is that program, with `step` in its config.",
    "Step 2 in one `up`: the old key's move to `previously_used` is the service's doing when the new key becomes `in_use`, so the provider waits for it (up to 2 minutes) instead of writing it; the order of the two updates does not matter.",
    "The legacy JWT secret is a mode of this kind (`legacy: true`) rather than a kind of its own: once taken over it is a signing key like the others, with the same id, statuses and rotation (it is usually the key rotated away from), and only its creation differs.",
    "No private key is ever sent or stored: the service generates every key, and the outputs hold only the public JWK.",
    "When the create request's outcome is unknown (a reset after it was sent), the provider looks for a single new key of that algorithm before creating one again; for the legacy secret, it reads `…/signing-keys/legacy`.",
  ],
};

export const signingKeyFootprint = managementFootprint({
  create:
    "1 `GET /v1/projects/{ref}/config/auth/signing-keys` + 1 `POST …/signing-keys` (with `legacy`: 1 `GET …/signing-keys/legacy` (+1 `POST …/signing-keys/legacy`); with `keyId`: 1 `GET …/signing-keys/{id}`), +1 `PATCH …/signing-keys/{id}` when the declared status needs a move",
  "read (refresh)": "1 `GET …/signing-keys/{id}`",
  update:
    "1 `GET …/signing-keys/{id}` + 1 `PATCH …/signing-keys/{id}` (retiring the key in use: `GET`s until another key took over, no `PATCH`)",
  delete:
    "1 `GET …/signing-keys/{id}` + 1 `DELETE` (a `previously_used` key: +1 `PATCH` to `revoked` first; the key in use: none)",
});
