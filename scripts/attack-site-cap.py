#!/usr/bin/env python3
"""The attack that once switched web bookings off, against the real binary.

31 source addresses on loopback (127.0.0.10-40) send bookings as fast as their
own limit lets them, one more address retries the moment `Retry-After` says,
and every 20 seconds a visitor from a new address sends one ordinary booking.
The attackers send no proof of work; the visitor, like a browser, solves the
challenge the site gives (none in normal times). Prints what each new visitor
got and a summary; exits 1 if any of them was refused. See docs/edge.md ("Why
nothing caps accepting bookings site-wide", "A flood costs the flooder").

    cargo build --release && scripts/attack-site-cap.py    # ATTACK_SECONDS=360 by default
"""
import base64
import datetime
import hashlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("TAXI_SERVER_BIN", os.path.join(ROOT, "target", "release", "taxi-server"))
SECONDS = float(os.environ.get("ATTACK_SECONDS", "360"))
ATTACKERS = 31


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def booking(name, email):
    when = (datetime.datetime.now() + datetime.timedelta(days=2)).strftime("%Y-%m-%dT10:00")
    return {
        "name": name, "email": email, "phone": "06 12345678", "passengerAmount": "2",
        "departure": "Roermond", "departurePlaceId": "g2748000", "pickupStreet": "Markt 1",
        "destination": "Luchthaven Schiphol", "destinationPlaceId": "aAMS",
        "dateTime": when, "paymentMethod": "cash", "language": "en",
    }


def proof(port, source):
    """What a browser sends in the `altcha` field: the site's challenge solved
    (ALTCHA PoW v2, deterministic, PBKDF2-SHA-256), or "" when none is asked."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", "/api/challenge")
        response = conn.getresponse()
        body = response.read()
        # A release without the proof of work answers 404: nothing to solve.
        challenge = json.loads(body).get("challenge") if response.status == 200 else None
    finally:
        conn.close()
    if not challenge:
        return ""
    p = challenge["parameters"]
    nonce, salt, prefix = bytes.fromhex(p["nonce"]), bytes.fromhex(p["salt"]), bytes.fromhex(p["keyPrefix"])
    for counter in range(2 ** 32):
        key = hashlib.pbkdf2_hmac("sha256", nonce + counter.to_bytes(4, "big"), salt, p["cost"], p["keyLength"])
        if key.startswith(prefix):
            solution = {"counter": counter, "derivedKey": key.hex()}
            return base64.b64encode(json.dumps({"challenge": challenge, "solution": solution}).encode()).decode()
    return ""


def post(port, source, body):
    """Status and Retry-After of one booking sent from `source`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("POST", "/api/reservation/en", json.dumps(body), {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status, int(response.getheader("Retry-After") or 0)
    except OSError:
        return 0, 1
    finally:
        conn.close()


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"no server binary at {BINARY}: run `cargo build --release` first")
    port, data = free_port(), tempfile.mkdtemp(prefix="taxi-attack-")
    env = dict(os.environ, TAXI_LISTEN=f"127.0.0.1:{port}", TAXI_DATA_DIR=data,
               TAXI_RENDER_WARM_UP="false", RUST_LOG="warn")
    server = subprocess.Popen([BINARY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/readyz")
                break
            except OSError:
                time.sleep(0.1)
        stop = time.monotonic() + SECONDS
        counts = {}
        lock = threading.Lock()

        def attacker(index, source, retry_exactly):
            n = 0
            while time.monotonic() < stop:
                n += 1
                status, retry = post(port, source, booking(f"Bot {index} {n}", f"bot{index}.{n}@example.nl"))
                with lock:
                    counts[status] = counts.get(status, 0) + 1
                if status != 200:
                    time.sleep(retry if retry_exactly else retry + 0.5)

        threads = [threading.Thread(target=attacker, args=(i, f"127.0.0.{10 + i}", False), daemon=True)
                   for i in range(ATTACKERS)]
        threads.append(threading.Thread(target=attacker, args=(99, "127.0.0.50", True), daemon=True))
        for t in threads:
            t.start()
        started, visitors, refused = time.monotonic(), 0, 0
        while time.monotonic() + 20 < stop:
            time.sleep(20)
            visitors += 1
            source = f"127.0.1.{visitors}"
            body = dict(booking(f"Visitor {visitors}", f"visitor{visitors}@example.nl"), altcha=proof(port, source))
            status, _ = post(port, source, body)
            refused += status != 200
            print(f"{time.monotonic() - started:6.1f} s  new visitor {visitors} from 127.0.1.{visitors}: HTTP {status}",
                  flush=True)
        for t in threads:
            t.join(timeout=15)
        print(f"attackers ({ATTACKERS} addresses + 1 retrying at Retry-After, {SECONDS:.0f} s): "
              + ", ".join(f"HTTP {k}: {v}" for k, v in sorted(counts.items())))
        print(f"new visitors: {visitors - refused} of {visitors} booked")
        return 1 if refused else 0
    finally:
        server.terminate()
        server.wait(timeout=15)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
