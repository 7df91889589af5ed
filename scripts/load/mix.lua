-- wrk script: a mix of what visitors do. Per 100 requests: 55 page views, 25
-- address suggestions, 12 price indications, 5 mail bookings, 3 contact messages.
-- Bookings and messages carry a per-thread counter so none is a repeat.
-- Env (set by scripts/load.sh): LOAD_PICKUP = a pick-up time ("YYYY-MM-DDTHH:MM");
-- LOAD_ONLY = "pages" (only the page views) or "others" (only the other 45 %), so
-- that two wrk processes together send the mix and page views get their own
-- latency figures; LOAD_DELAY_MS = a pause per connection after each answer, to
-- send at a chosen rate instead of as fast as the server answers.

local pages = { "/", "/reserveren", "/tarieven", "/contact", "/de", "/reservieren", "/tarife", "/en", "/reservation", "/prices", "/contact-us", "/kontakt" }
local queries = { "roer", "roermond markt", "venlo", "schiphol", "düsseldorf flughafen", "maastricht", "eindhoven airport", "swalmen", "herten", "weert", "sittard", "köln", "aachen hbf", "liège", "station roermond", "brussels airport" }
local trips = { { "g2748000", "aAMS" }, { "g2748000", "aDUS" }, { "g2748000", "aEIN" }, { "g2748000", "g2745641" }, { "g2748000", "aMST" } }
local langs = { "nl", "de", "en" }
local pickup = os.getenv("LOAD_PICKUP") or "2030-01-01T12:00"
local only = os.getenv("LOAD_ONLY")
local pause = tonumber(os.getenv("LOAD_DELAY_MS") or "")
local counter = 0
-- Set per thread by setup() below (each wrk thread has its own Lua state).
id = 0

local function pick(list) return list[math.random(#list)] end

-- Percent-encodes every byte outside A-Z a-z 0-9 - _ . ~
local function urlencode(text)
  return (text:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

-- The first n characters (not bytes) of a UTF-8 text: what someone has typed so far.
-- (wrk runs LuaJIT, which has no utf8 library: count the bytes that start a character.)
local function typed(text, n)
  local chars = 0
  for i = 1, #text do
    local b = text:byte(i)
    if b < 0x80 or b >= 0xC0 then
      chars = chars + 1
      if chars > n then return text:sub(1, i - 1) end
    end
  end
  return text
end

local function json_headers()
  return { ["Content-Type"] = "application/json", ["Accept-Encoding"] = "gzip" }
end

request = function()
  local roll = math.random(100)
  if only == "pages" then
    roll = 1
  elseif only == "others" then
    roll = math.random(56, 100)
  end
  local lang = pick(langs)
  if roll <= 55 then
    return wrk.format("GET", pick(pages), { ["Accept-Encoding"] = "br, gzip" })
  elseif roll <= 80 then
    local q = urlencode(typed(pick(queries), math.random(3, 12)))
    return wrk.format("GET", "/api/place-suggestions?input=" .. q .. "&lang=" .. lang .. "&sessionToken=load" .. id, { ["Accept-Encoding"] = "gzip" })
  elseif roll <= 92 then
    local trip = pick(trips)
    return wrk.format("GET", "/api/places/" .. trip[1] .. "/" .. trip[2] .. "?lang=" .. lang, { ["Accept-Encoding"] = "gzip" })
  end
  counter = counter + 1
  local who = "Load " .. id .. "-" .. counter
  if roll <= 97 then
    -- A distinct address per booking: one address gets only a few confirmations a day.
    local body = '{"name":"' .. who .. '","email":"load-' .. id .. '-' .. counter .. '@example.com","phone":"0612345678","passengerAmount":"2",' ..
      '"departure":"Roermond, Limburg, Nederland","departureName":"Roermond","departurePlaceId":"g2748000","pickupStreet":"Markt 1",' ..
      '"destination":"Luchthaven Schiphol","destinationName":"Luchthaven Schiphol","destinationPlaceId":"aAMS",' ..
      '"dateTime":"' .. pickup .. '","paymentMethod":"cash","language":"' .. lang .. '"}'
    return wrk.format("POST", "/api/reservation/" .. lang, json_headers(), body)
  end
  local body = '{"name":"' .. who .. '","email":"load@example.com","subject":"Load test","message":"A question from the load test."}'
  return wrk.format("POST", "/api/contact/" .. lang, json_headers(), body)
end

if pause then
  delay = function() return pause end
end

statuses = {}
response = function(status)
  statuses[status] = (statuses[status] or 0) + 1
end

-- Each thread's status counts, gathered in done() through the threads table.
local threads = {}
setup = function(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

init = function()
  math.randomseed(id * 7919 + os.time())
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format("requests: %d in %.1f s = %.0f req/s; socket errors: connect %d, read %d, write %d, timeout %d\n",
    summary.requests, seconds, summary.requests / seconds,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  io.write(string.format("latency: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  local total = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, n in pairs(counts) do total[status] = (total[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(total) do table.insert(parts, status .. ": " .. n) end
  table.sort(parts)
  io.write("statuses: " .. table.concat(parts, ", ") .. "\n")
end
