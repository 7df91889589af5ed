#!/usr/bin/env python3
"""A real SMTP server for the delivery tests (aiosmtpd), on loopback.

Every message it accepts is written, atomically, to its own file in --dir, with
the envelope in front as `X-Sink-Mail-From:` and `X-Sink-Rcpt-To:` lines.
Prints READY once it listens. Options make it slow (--delay-ms, to kill a
sender in the middle of its work) or refuse recipients containing 'reject'
with 550 (--reject). Needs `python3 -m pip install aiosmtpd`.
"""
import argparse
import asyncio
import itertools
import os
import sys

from aiosmtpd.smtp import SMTP

counter = itertools.count()


class Sink:
    def __init__(self, directory, delay_ms, reject):
        self.directory = directory
        self.delay = delay_ms / 1000.0
        self.reject = reject

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.reject and "reject" in address:
            return "550 5.1.1 mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        name = f"{os.getpid()}-{next(counter):06d}.eml"
        head = f"X-Sink-Mail-From: {envelope.mail_from}\r\nX-Sink-Rcpt-To: {', '.join(envelope.rcpt_tos)}\r\n"
        tmp = os.path.join(self.directory, "." + name)
        with open(tmp, "wb") as f:
            f.write(head.encode() + envelope.original_content)
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, os.path.join(self.directory, name))
        return "250 2.0.0 stored"


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--reject", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    handler = Sink(args.dir, args.delay_ms, args.reject)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(handler, hostname="sink.test", enable_SMTPUTF8=True, decode_data=False),
        host="127.0.0.1",
        port=args.port,
        reuse_address=True,
    )
    print("READY", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
