// The list of every call of the API (core.md §7, advanced.md §7 and the paths fixed by the issues).
// The server serves a subset of these as modules land; a test checks each served route is listed here.
import type { CallDef } from './call.ts';
import {
  appKeyCreateCall,
  appKeyDeleteCall,
  appKeyListCall,
  checkLoginCall,
  loginCall,
  logoutCall,
  meCall,
  passwordUpdateCall,
} from './auth.ts';
import { envSettingsCall } from './settings.ts';

export const allCalls: readonly CallDef[] = [
  meCall,
  loginCall,
  logoutCall,
  checkLoginCall,
  appKeyListCall,
  appKeyCreateCall,
  appKeyDeleteCall,
  passwordUpdateCall,
  envSettingsCall,
];

/** `METHOD /path` of a call, the key used to match served routes against the contract. */
export const callKey = (call: Pick<CallDef, 'method' | 'path'>): string => `${call.method} ${call.path}`;
