import { z } from '../zod.ts';
import { PERMISSIONS } from '../constants.ts';
import { personSearchQuerySchema } from './primitives.ts';

export const permissionSchema = z.enum(PERMISSIONS);

/**
 * How the web app signs people in (`GET /api/v1/auth/config`, public). The same shape describes the
 * embedded provider and an external one (Auth0, Keycloak ...).
 */
export const authConfigSchema = z
  .object({
    /** OpenID Connect issuer, e.g. `http://localhost:3000/oidc`. */
    authority: z.url(),
    clientId: z.string().min(1),
    /** The API: requested as the token's resource/audience. */
    audience: z.string().min(1),
    scope: z.string().min(1),
    /** Claim of the access token that holds the permission list, e.g. `permissions`. */
    permissionsClaim: z.string().min(1),
    /** Namespaced claim of the access token that holds the email. */
    emailClaim: z.string().min(1),
    provider: z.enum(['embedded', 'external']),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The signed-in user as the API sees them (`GET /api/v1/auth/me`). */
export const meSchema = z
  .object({
    userId: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /**
     * Whether the email is verified (decision 010). Until it is, the account owns no record by its email
     * and cannot create a profile, book or leave feedback (403 EMAIL_NOT_VERIFIED).
     */
    emailVerified: z.boolean(),
    /** Database roles together with the token's permissions. */
    permissions: z.array(permissionSchema),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

/** `GET /api/v1/auth/users` (admin). Field names follow the spec's identity-provider user. */
export const authUserSchema = z
  .object({
    user_id: z.uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * `GET /api/v1/auth/users?q=&limit=&before=` (admin, decision 024): accounts in email order, those whose
 * email or name hold every word of `q`; 50 a page by default, at most 200, the next page in the `Link`
 * header.
 */
export const userListQuerySchema = personSearchQuerySchema({ fallback: 50, max: 200 });

/** `GET /api/v1/auth/users/{userId}/permissions` (admin). */
export const userPermissionSchema = z
  .object({ permission_name: permissionSchema })
  .meta({ id: 'UserPermission' });
export type UserPermission = z.infer<typeof userPermissionSchema>;

/** Body of `POST` and `DELETE /api/v1/auth/users/{userId}/roles` (admin): only the employee role id. */
export const roleChangeInputSchema = z.object({ roleId: z.uuid() }).meta({ id: 'RoleChangeInput' });
export type RoleChangeInput = z.infer<typeof roleChangeInputSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid() });
