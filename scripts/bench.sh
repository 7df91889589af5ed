#!/usr/bin/env bash
# Benchmarks the site and prints one report:
#   1. uncached render time per page (p50/p99), from server/examples/render_bench.rs;
#   2. throughput of taxi-server against nginx serving the same HTML from disk
#      (wrk -t2 -c64 on / and /reserveren, identity and gzip), both with
#      their access logs on as in production and both with them off; the
#      server measured runs on CPU 0 and wrk on the other CPUs, so that the two
#      servers get the same CPU and wrk never takes it from them;
#   3. first-visit bytes per page as a gzip-accepting browser receives them
#      (HTML + CSS/JS + images), checked against the page weight budgets;
#   4. latency of address suggestions and price indications over HTTP.
# Exits non-zero when a page is over its budget or a render fails (after
# printing everything); below 1.0× nginx's requests/s, or a p99 above nginx's,
# only prints a warning (numbers on a shared machine are noisy).
# Needs no internet once wrk and nginx are installed (apt-get, when missing).
#
# Environment: BENCH_TAXI_PORT (18181), BENCH_NGINX_PORT (18182),
# BENCH_DURATION (10s, part 4), BENCH_THROUGHPUT_DURATION (5s per wrk run in
# part 2), BENCH_ROUNDS (3 runs per server and case in part 2, median reported),
# BENCH_RENDERS (200), BENCH_SKIP_RENDER=1 (skip part 1), for quicker trial runs;
# BENCH_BIN to measure another build than the shipped one (target/production/
# taxi-server, the `production` profile, built or brought up to date first); BENCH_PIN=0
# lets servers and wrk share all CPUs (as before; noisier).
set -euo pipefail
cd "$(dirname "$0")/.."

TAXI_PORT=${BENCH_TAXI_PORT:-18181}
NGINX_PORT=${BENCH_NGINX_PORT:-18182}
DURATION=${BENCH_DURATION:-10s}
THROUGHPUT_DURATION=${BENCH_THROUGHPUT_DURATION:-5s}
ROUNDS=${BENCH_ROUNDS:-3}
RENDERS=${BENCH_RENDERS:-200}
WARMUP_RENDERS=20
MIN_RATIO=1.0
BIN=${BENCH_BIN:-target/production/taxi-server}

# Servers on CPU 0, load generator on the rest: with both on all CPUs, how the
# scheduler happened to share them moved requests/s by ±15 % between runs.
SERVER_CPUS=()
CLIENT_CPUS=()
if [ "${BENCH_PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null 2>&1; then
  SERVER_CPUS=(taskset -c 0)
  CLIENT_CPUS=(taskset -c "1-$(($(nproc) - 1))")
fi

# ---------------------------------------------------------------- set-up ----
need_apt=()
command -v wrk >/dev/null 2>&1 || need_apt+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need_apt+=(nginx)
command -v curl >/dev/null 2>&1 || need_apt+=(curl)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "bench.sh needs: ${need_apt[*]} (Debian: apt-get install ${need_apt[*]})" >&2
    exit 1
  fi
  echo "Installing ${need_apt[*]}…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

TMP=$(mktemp -d -t taxi-bench.XXXXXX)
chmod 755 "$TMP" # nginx workers may run as another user
PIDS=()
cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local port=$1
  while port_in_use "$port"; do port=$((port + 1)); done
  echo "$port"
}

# wait_for URL PID SECONDS [PATTERN]: until URL answers (and contains PATTERN).
wait_for() {
  local url=$1 pid=$2 seconds=$3 pattern=${4:-} body
  for _ in $(seq $((seconds * 10))); do
    if ! kill -0 "$pid" 2>/dev/null; then
      return 1
    fi
    if body=$(curl -fs --max-time 2 "$url" 2>/dev/null) && { [ -z "$pattern" ] || grep -q "$pattern" <<<"$body"; }; then
      return 0
    fi
    sleep 0.1
  done
  return 1
}

section() { printf '\n== %s ==\n' "$1"; }

echo "Taxi site benchmark — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "git $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- server ui locales 2>/dev/null || echo ' + uncommitted changes')"
load1=$(cut -d' ' -f1 /proc/loadavg)
if awk -v l="$load1" -v n="$(nproc)" 'BEGIN { exit !(l > n / 2) }'; then
  echo "WARNING: the machine is busy (load $load1 on $(nproc) CPUs): timings below are inflated"
fi

# ---------------------------------------------------- 1. render times ----
section "1. Render time per page, uncached (props → QuickJS → HTML document; no cache, no compression)"
render_failed=
if [ "${BENCH_SKIP_RENDER:-}" = 1 ]; then
  echo "skipped (BENCH_SKIP_RENDER=1)"
elif ! cargo run --release -q --example render_bench -- "$RENDERS" "$WARMUP_RENDERS"; then
  render_failed=1
fi

# ------------------------------------------------------- 2. throughput ----
if [ -z "${BENCH_BIN:-}" ]; then
  echo
  echo "Building the shipped binary (cargo build --profile production; about 7 min from scratch on 2 cores)…"
  cargo build --profile production -q --bin taxi-server
fi

TAXI_PORT=$(free_port "$TAXI_PORT")
[ "$NGINX_PORT" = "$TAXI_PORT" ] && NGINX_PORT=$((NGINX_PORT + 1))
NGINX_PORT=$(free_port "$NGINX_PORT")
TAXI="http://127.0.0.1:$TAXI_PORT"
NGINX_URL="http://127.0.0.1:$NGINX_PORT"

# start_taxi LOGS: taxi-server writing its log to a file, at the default level
# (LOGS=on, as in production: one access-log line per request) or warnings only.
start_taxi() {
  local level=info
  [ "$1" = off ] && level=warn
  mkdir -p "$TMP/data"
  # Look-ups unlimited: section 4 measures answers, not the per-client or per-network limit's 429s.
  printf '[limits]\nlookup_rate_limit_per_minute = 0\nnetwork_lookup_rate_limit_per_minute = 0\n' >"$TMP/bench.toml"
  TAXI_LISTEN="127.0.0.1:$TAXI_PORT" TAXI_DATA_DIR="$TMP/data" RUST_LOG=$level TAXI_CONFIG="$TMP/bench.toml" \
    "${SERVER_CPUS[@]}" "$BIN" >"$TMP/taxi-server-$1.log" 2>&1 &
  TAXI_PID=$!
  PIDS+=("$TAXI_PID")
  if ! wait_for "$TAXI/healthz" "$TAXI_PID" 60 '"pagesWarm":true'; then
    echo "taxi-server did not get ready (pagesWarm) within 60 s; its log:" >&2
    cat "$TMP/taxi-server-$1.log" >&2
    exit 1
  fi
}

# start_nginx LOGS: nginx serving the same pages from disk (gzip_static for the
# precompressed copies), its access log buffered as usual (LOGS=on) or off.
NG=$TMP/nginx
start_nginx() {
  local access="access_log $NG/access.log combined buffer=64k flush=1s;"
  [ "$1" = off ] && access="access_log off;"
  cat >"$NG/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $NG/nginx.pid;
error_log $NG/error.log warn;
events { worker_connections 1024; }
http {
  $access
  default_type text/html;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path $NG/temp/body;
  proxy_temp_path $NG/temp/proxy;
  fastcgi_temp_path $NG/temp/fastcgi;
  uwsgi_temp_path $NG/temp/uwsgi;
  scgi_temp_path $NG/temp/scgi;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $NG/html;
    location = / { try_files /index.html =404; }
    location = /reserveren { try_files /reserveren.html =404; }
  }
}
EOF
  "${SERVER_CPUS[@]}" "$NGINX" -p "$NG" -c "$NG/nginx.conf" -e "$NG/error.log" >"$NG/stdout.log" 2>&1 &
  NGINX_PID=$!
  PIDS+=("$NGINX_PID")
  if ! wait_for "$NGINX_URL/" "$NGINX_PID" 10; then
    echo "nginx did not start; its log:" >&2
    cat "$NG/stdout.log" "$NG/error.log" >&2 2>/dev/null || true
    exit 1
  fi
}

stop() {
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# median: of the numbers on stdin, one a line, prints "median min max".
median() { awk NF | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)], v[1], v[NR] }'; }

# cpu_ticks PID: CPU time (user + system, in clock ticks) used so far by PID and
# its child processes (nginx's workers).
cpu_ticks() {
  local pid ticks total=0
  for pid in "$1" $(pgrep -P "$1" || true); do
    # Fields 14 and 15: utime and stime (the names here, "(nginx)" and "(taxi-server)", hold no space).
    ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null) || continue
    total=$((total + ticks))
  done
  echo "$total"
}

# run_wrk NAME URL HEADER SERVER_PID: prints "requests/s p99_ms non2xx errors
# cpu_us_per_request", the last being the server's CPU time per answer: a figure
# that other work on the machine disturbs far less than requests/s.
run_wrk() {
  local out="$TMP/wrk-$1.txt" header=(-H "Host: $SITE_HOST") before after
  [ -n "${3:-}" ] && header+=(-H "$3")
  before=$(cpu_ticks "$4")
  "${CLIENT_CPUS[@]}" wrk -t2 -c64 -d"$THROUGHPUT_DURATION" --latency "${header[@]}" "$2" >"$out" 2>&1
  after=$(cpu_ticks "$4")
  awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    function to_ms(v) {
      if (v ~ /us$/) return v / 1000
      if (v ~ /ms$/) return v + 0
      if (v ~ /m$/) return v * 60000
      if (v ~ /s$/) return v * 1000
      return v
    }
    $1 == "Requests/sec:" { rps = $2 }
    $1 == "99%" { p99 = to_ms($2) }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    / requests in / { requests = $1 }
    /Socket errors:/ { errors = $0; sub(/.*Socket errors: */, "", errors); gsub(/ /, "", errors) }
    END { printf "%s %.2f %d %s %.1f\n", rps, p99, non2xx, (errors == "" ? "-" : errors), (requests > 0 ? ticks * 1e6 / hz / requests : 0) }
  ' "$out"
}

# Requests name the site's own host, as visitors' browsers do (taxi-server checks
# it on every request; nginx serves any host from its one server block).
SITE_HOST=$(sed -n 's|^base_url = "https\{0,1\}://\([^/"]*\).*|\1|p' server/config/default.toml)
[ -n "$SITE_HOST" ] || { echo "no base_url in server/config/default.toml" >&2; exit 1; }

# The same two pages, plain and gzipped as taxi-server sends them, for nginx.
mkdir -p "$NG/html" "$NG/temp"
start_taxi off
for page in "/ index" "/reserveren reserveren"; do
  read -r path file <<<"$page"
  curl -fs "$TAXI$path" -o "$NG/html/$file.html"
  curl -fs -H 'Accept-Encoding: gzip' "$TAXI$path" -o "$NG/html/$file.html.gz"
done
chmod -R a+rX "$NG"

if [ ${#SERVER_CPUS[@]} -gt 0 ]; then
  cpus="each server on CPU 0, wrk on CPUs 1-$(($(nproc) - 1))"
else
  cpus="servers and wrk share the $(nproc) CPUs"
fi
section "2. Throughput: wrk -t2 -c64 -d$THROUGHPUT_DURATION --latency, median of $ROUNDS rounds; $cpus"
echo "logs on: taxi-server at the default level (access log) to a file; nginx access_log buffer=64k flush=1s"
echo "logs off: taxi-server RUST_LOG=warn; nginx access_log off. gzip: both send the same precompressed bytes. Host: $SITE_HOST"
printf '%-5s %-12s %-9s %-7s %12s %15s %10s %11s %8s %11s  %s\n' "logs" "path" "encoding" "server" "requests/s" "(min–max)" "p99 ms" "CPU µs/req" "non-2xx" "body bytes" "socket errors"
low_ratio=()
slow_p99=()
ratios=()
# Logs off first, so that the server left running for parts 3 and 4 is the production-like one.
for logs in off on; do
  if [ "$logs" = on ]; then
    stop "$TAXI_PID"
    start_taxi on
  fi
  start_nginx "$logs"
  for path in / /reserveren; do
    for encoding in identity gzip; do
      header=
      [ "$encoding" = gzip ] && header='Accept-Encoding: gzip'
      declare -A runs_of=() rps_of=() p99_of=() cpu_of=()
      # Rounds alternate which server goes first; each server's median is reported.
      for round in $(seq "$ROUNDS"); do
        order="taxi nginx"
        [ $((round % 2)) = 0 ] && order="nginx taxi"
        for server in $order; do
          base=$TAXI
          [ "$server" = nginx ] && base=$NGINX_URL
          name="$logs-$encoding-$server${path//\//_}-$round"
          pid=$TAXI_PID
          [ "$server" = nginx ] && pid=$NGINX_PID
          read -r rps p99 non2xx errors cpu_us < <(run_wrk "$name" "$base$path" "$header" "$pid")
          if [ -z "$rps" ]; then
            echo "wrk failed against $base$path:" >&2
            cat "$TMP/wrk-$name.txt" >&2
            exit 1
          fi
          runs_of[$server]+="$rps $p99 $non2xx $errors $cpu_us"$'\n'
        done
      done
      for server in taxi nginx; do
        base=$TAXI
        [ "$server" = nginx ] && base=$NGINX_URL
        size=$(curl -fs -o /dev/null ${header:+-H "$header"} -w '%{size_download}' "$base$path")
        read -r rps rps_min rps_max < <(cut -d' ' -f1 <<<"${runs_of[$server]}" | median)
        read -r p99 _ _ < <(cut -d' ' -f2 <<<"${runs_of[$server]}" | median)
        read -r cpu_us _ _ < <(cut -d' ' -f5 <<<"${runs_of[$server]}" | median)
        non2xx=$(awk '{ n += $3 } END { print n + 0 }' <<<"${runs_of[$server]}")
        errors=$(awk '$4 != "-" && $4 != "" { e = e " " $4 } END { print (e == "" ? "-" : e) }' <<<"${runs_of[$server]}")
        rps_of[$server]=$rps
        p99_of[$server]=$p99
        printf '%-5s %-12s %-9s %-7s %12.0f %15s %10.2f %11.1f %8s %11s  %s\n' "$logs" "$path" "$encoding" "$server" "$rps" \
          "$(printf '%.0f–%.0f' "$rps_min" "$rps_max")" "$p99" "$cpu_us" "$non2xx" "$size" "$errors"
        cpu_of[$server]=$cpu_us
      done
      label="logs $logs, $path, $encoding"
      ratio=$(awk -v a="${rps_of[taxi]}" -v b="${rps_of[nginx]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
      ratios+=("$label: taxi/nginx requests/s $ratio, p99 ${p99_of[taxi]} vs ${p99_of[nginx]} ms, CPU ${cpu_of[taxi]} vs ${cpu_of[nginx]} µs/request")
      if awk -v r="$ratio" -v m="$MIN_RATIO" 'BEGIN { exit !(r < m) }'; then
        low_ratio+=("$label ($ratio)")
      fi
      if awk -v a="${p99_of[taxi]}" -v b="${p99_of[nginx]}" 'BEGIN { exit !(a > b) }'; then
        slow_p99+=("$label (${p99_of[taxi]} > ${p99_of[nginx]} ms)")
      fi
      unset rps_of p99_of cpu_of
    done
  done
  stop "$NGINX_PID"
done
sleep 1 # both logs are written out within a second
echo "access-log lines written with logs on: taxi-server $(grep -c 'answered' "$TMP/taxi-server-on.log" || true), nginx $(wc -l <"$NG/access.log" 2>/dev/null || echo 0)"
for r in "${ratios[@]}"; do echo "$r"; done
if [ ${#low_ratio[@]} -gt 0 ]; then
  echo "WARNING: taxi-server below ${MIN_RATIO}× nginx's requests/s on: ${low_ratio[*]}"
fi
if [ ${#slow_p99[@]} -gt 0 ]; then
  echo "WARNING: taxi-server's p99 above nginx's on: ${slow_p99[*]}"
fi

# ------------------------------------------------- 3. first-visit bytes ----
# Same-site URLs of the page's stylesheet, icon, scripts and images, one a line.
page_resources() {
  grep -oiE '<(link|script|img)[[:space:]][^>]*>' "$1" | while IFS= read -r tag; do
    local name url rel
    name=$(sed -E 's/^<([a-zA-Z]+).*/\1/' <<<"$tag" | tr 'A-Z' 'a-z')
    attr() { sed -nE "s/.*[[:space:]]$1=(\"([^\"]*)\"|'([^']*)'|([^[:space:]>]+)).*/\2\3\4/Ip" <<<"$tag"; }
    case $name in
      link)
        rel=$(attr rel | tr 'A-Z' 'a-z')
        case " $rel " in *" stylesheet "* | *" icon "*) url=$(attr href) ;; *) continue ;; esac
        ;;
      script | img) url=$(attr src) ;;
    esac
    [ -n "$url" ] || continue
    url=${url//&amp;/&}
    case $url in
      "$TAXI"/*) echo "${url#"$TAXI"}" ;;
      //*) echo "EXTERNAL $url" ;;
      /*) echo "$url" ;;
      http://* | https://*) echo "EXTERNAL $url" ;;
      *) echo "/$url" ;; # relative; every page lives at the root
    esac
  done | awk '!seen[$0]++'
}

# fetch URL FILE: transferred body bytes with Accept-Encoding: gzip (fails on HTTP errors).
fetch() { curl -fs -H 'Accept-Encoding: gzip' -o "$2" -w '%{size_download}' "$1"; }

kb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }

section "3. First-visit bytes per page (Accept-Encoding: gzip, bodies only, no headers; 1 KB = 1024 bytes)"
printf '%-13s %-4s %9s %9s %9s %9s %8s  %s\n' "path" "lang" "HTML KB" "CSS+JS KB" "images KB" "total KB" "budget" "result"
over_budget=()
external=()
missing=()
mkdir -p "$TMP/pages"
for entry in \
  "nl / home" "nl /reserveren reservation" "nl /contact contact" "nl /tarieven prices" \
  "de /de home" "de /reservieren reservation" "de /kontakt contact" "de /tarife prices" \
  "en /en home" "en /reservation reservation" "en /contact-us contact" "en /prices prices"; do
  read -r lang path kind <<<"$entry"
  case $kind in home | prices) budget=30 ;; *) budget=85 ;; esac
  file="$TMP/pages/page${path//\//_}"
  if ! html_bytes=$(fetch "$TAXI$path" "$file.gz"); then
    printf '%-13s %-4s the page itself could not be fetched  FAIL\n' "$path" "$lang"
    over_budget+=("$path (not fetched)")
    continue
  fi
  gzip -dcf <"$file.gz" >"$file.html"
  code_bytes=0
  image_bytes=0
  resources=()
  missing_before=${#missing[@]}
  while IFS= read -r url; do
    if [[ $url == EXTERNAL* ]]; then
      external+=("$path: ${url#EXTERNAL }")
      continue
    fi
    if ! bytes=$(fetch "$TAXI$url" "$TMP/resource"); then
      missing+=("$path: $url")
      continue
    fi
    resources+=("$url $bytes")
    case ${url%%\?*} in
      *.css | *.js | *.mjs) code_bytes=$((code_bytes + bytes)) ;;
      *) image_bytes=$((image_bytes + bytes)) ;;
    esac
  done < <(page_resources "$file.html")
  total=$((html_bytes + code_bytes + image_bytes))
  if [ ${#missing[@]} -gt "$missing_before" ]; then
    result="FAIL (missing resources)"
    over_budget+=("$path (missing resources)")
  elif [ "$total" -le $((budget * 1024)) ]; then
    result=PASS
  else
    result=FAIL
    over_budget+=("$path ($(kb "$total") KB > $budget KB)")
  fi
  printf '%-13s %-4s %9s %9s %9s %9s %5s KB  %s\n' "$path" "$lang" "$(kb "$html_bytes")" "$(kb "$code_bytes")" \
    "$(kb "$image_bytes")" "$(kb "$total")" "$budget" "$result"
  printf '%s\n' "${resources[@]}" >"$file.resources"
done
echo "Resources counted (bytes as transferred), for / and /reserveren:"
for path in / /reserveren; do
  file="$TMP/pages/page${path//\//_}"
  [ -f "$file.resources" ] && sed "s|^|  $path  |" "$file.resources"
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Referenced but not fetchable (HTTP error):"
  printf '  %s\n' "${missing[@]}"
fi
if [ ${#external[@]} -gt 0 ]; then
  echo "Not counted (other sites):"
  printf '  %s\n' "${external[@]}"
fi

# ------------------------------------------------------ 4. API latency ----
# wrk -s LUA: each request takes the next path of a list, so the measurement
# covers many different queries and trips, one connection at a time.
run_paths() {
  local name=$1 list=$2
  cat >"$TMP/$name.lua" <<LUA
local paths = {}
for line in io.lines("$list") do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
LUA
  "${CLIENT_CPUS[@]}" wrk -t1 -c1 -d"$DURATION" --latency -s "$TMP/$name.lua" "$TAXI" >"$TMP/wrk-$name.txt" 2>&1
  awk '
    function to_ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = to_ms($2) } $1 == "99%" { p99 = to_ms($2) }
    / requests in / { n = $1 }
    /Non-2xx or 3xx responses:/ { bad = $NF }
    END { printf "%8s requests  p50 %.3f ms  p99 %.3f ms  non-2xx %d\n", n, p50, p99, bad }
  ' "$TMP/wrk-$name.txt"
}
section "4. API latency over HTTP (wrk, 1 connection, varied requests; embedded gazetteer)"
: >"$TMP/suggest.txt"
for word in ro roe roer roerm roermond schip schiphol dus duss dusseldorf duesseldorf koln koeln keulen cologne aken aachen \
  brussel brussels bruxelles luik liege luttich venlo venray weert echt swalmen herten maastricht beek eindhoven weeze \
  "airport dus" "station roermond" "roermond station" "markt 12, roermond" bonn frankfurt essen krefeld monchengladbach \
  heinsberg sittard geleen helmond nijmegen utrecht amsterdam antwerpen hasselt genk tongeren; do
  for lang in nl de en; do
    printf '/api/place-suggestions?input=%s&lang=%s&session=bench\n' "${word// /%20}" "$lang" >>"$TMP/suggest.txt"
  done
done
ids=()
for place in roermond schiphol venlo dusseldorf swalmen maastricht eindhoven weert keulen brussel; do
  id=$(curl -fs "$TAXI/api/place-suggestions?input=$place&lang=nl" | sed -n 's/^{"suggestions":\[{"id":"\([^"]*\)".*/\1/p')
  [ -n "$id" ] && ids+=("$id")
done
: >"$TMP/price.txt"
for a in "${ids[@]}"; do for b in "${ids[@]}"; do
  [ "$a" != "$b" ] && printf '/api/places/%s/%s?lang=nl\n' "$a" "$b" >>"$TMP/price.txt"
done; done
printf '%-22s %s distinct paths: ' "suggestions" "$(wc -l <"$TMP/suggest.txt")"; run_paths suggest "$TMP/suggest.txt"
printf '%-22s %s distinct paths: ' "price indication" "$(wc -l <"$TMP/price.txt")"; run_paths price "$TMP/price.txt"

# ----------------------------------------------------------- summary ----
section "Summary"
for r in "${ratios[@]}"; do echo "throughput $r (target: requests/s ≥ $MIN_RATIO×, p99 ≤ nginx's)"; done
if [ ${#low_ratio[@]} -gt 0 ]; then
  echo "WARNING: throughput below target on: ${low_ratio[*]}"
fi
if [ ${#slow_p99[@]} -gt 0 ]; then
  echo "WARNING: p99 above nginx's on: ${slow_p99[*]}"
fi
status=0
if [ -n "$render_failed" ]; then
  echo "FAIL: some renders failed (see part 1)"
  status=1
fi
if [ ${#over_budget[@]} -gt 0 ]; then
  echo "FAIL: first-visit budget not met: ${over_budget[*]}"
  status=1
else
  echo "PASS: every page within its first-visit budget"
fi
exit "$status"
