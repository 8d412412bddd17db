import "server-only";

import { Server, type IncomingMessage } from "node:http";
import { PEER_ADDRESS_HEADER } from "./client-address";

/**
 * Route handlers cannot see the socket, and Next keeps a client's own X-Forwarded-For as it is.
 * So, once at startup, every incoming request is stamped with its real socket address under a
 * header name that a client's value can never survive.
 */
export function stampPeerAddresses(): void {
  const slot = globalThis as typeof globalThis & { __peerAddressStamped?: boolean };
  if (slot.__peerAddressStamped) return;
  slot.__peerAddressStamped = true;
  const originalEmit = Server.prototype.emit;
  Server.prototype.emit = function emitWithPeerAddress(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "unknown";
    }
    return Reflect.apply(originalEmit, this, [event, ...args]);
  } as typeof Server.prototype.emit;
}
