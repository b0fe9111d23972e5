// The session cookie: HttpOnly, SameSite=Lax, Secure whenever the site is served over HTTPS.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'cw_session';

const isHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(request) });
}

export const sessionTokenOf = (request: FastifyRequest): string | undefined =>
  request.cookies[SESSION_COOKIE];
