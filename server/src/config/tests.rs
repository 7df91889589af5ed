use crate::config::*;

fn env(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn defaults_load_and_are_demo() {
    let s = Settings::load_from(&env(&[])).unwrap();
    assert!(s.company.demo);
    assert_eq!(s.listen.port(), 8080);
    assert_eq!(s.tariff.destinations.len(), 11);
    assert_eq!(s.tariff.start_rate_cents.cents(), 326);
}

#[test]
fn environment_overrides_listen_and_names_the_variable_when_bad() {
    let s = Settings::load_from(&env(&[("TAXI_LISTEN", "127.0.0.1:0")])).unwrap();
    assert_eq!(s.listen.port(), 0);
    let err = Settings::load_from(&env(&[("TAXI_LISTEN", "nonsense")])).unwrap_err();
    assert!(err.to_string().contains("TAXI_LISTEN"), "{err}");
}

#[test]
fn file_overrides_nested_keys_and_rejects_unknown_ones() {
    let dir = std::env::temp_dir().join(format!("taxi-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.toml");
    std::fs::write(&good, "[company]\nname = \"Taxi Test\"\nkvk = \"12345678\"\n").unwrap();
    let s = Settings::load_from(&env(&[("TAXI_CONFIG", good.to_str().unwrap())])).unwrap();
    assert_eq!((s.company.name.as_str(), s.company.kvk.as_str()), ("Taxi Test", "12345678"));
    assert_eq!(s.company.city, "Roermond", "keys not in the file keep their defaults");

    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[company]\nnmae = \"typo\"\n").unwrap();
    let err = Settings::load_from(&env(&[("TAXI_CONFIG", bad.to_str().unwrap())])).unwrap_err();
    assert!(err.to_string().contains("company"), "{err}");
    assert!(err.to_string().contains("nmae"), "{err}");

    let wrong_type = dir.join("type.toml");
    std::fs::write(&wrong_type, "[tariff]\nper_km_cents = \"lots\"\n").unwrap();
    let err = Settings::load_from(&env(&[("TAXI_CONFIG", wrong_type.to_str().unwrap())])).unwrap_err();
    assert!(err.to_string().contains("tariff.per_km_cents"), "{err}");
}

#[test]
fn the_maps_key_comes_only_from_the_environment_and_is_not_printed() {
    use secrecy::ExposeSecret;
    let s = Settings::load_from(&env(&[])).unwrap();
    assert!(s.secrets.google_maps_key.is_none());
    let s = Settings::load_from(&env(&[
        ("TAXI_GOOGLE_MAPS_KEY", "k-123"),
        ("TAXI_GOOGLE_PLACES_URL", "http://127.0.0.1:9"),
    ]))
    .unwrap();
    assert_eq!(s.secrets.google_maps_key.as_ref().unwrap().expose_secret(), "k-123");
    assert_eq!(s.google.places_url, "http://127.0.0.1:9");
    assert!(!format!("{s:?}").contains("k-123"), "Debug must not show the key");
}

#[test]
fn the_secret_key_must_be_long_and_is_not_printed() {
    let err = Settings::load_from(&env(&[("TAXI_SECRET_KEY", "short")])).unwrap_err();
    assert!(err.to_string().contains("TAXI_SECRET_KEY"), "{err}");
    let s =
        Settings::load_from(&env(&[("TAXI_SECRET_KEY", "a-long-enough-secret-key-for-the-test")])).unwrap();
    assert!(s.secrets.secret_key.is_some());
    assert!(!format!("{s:?}").contains("a-long-enough"), "Debug must not show the key");
}

#[test]
fn validation_names_the_setting() {
    let dir = std::env::temp_dir().join(format!("taxi-config-v-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("v.toml");
    std::fs::write(&f, "[company]\nwhatsapp_number = \"+31 6 1234\"\n").unwrap();
    let err = Settings::load_from(&env(&[("TAXI_CONFIG", f.to_str().unwrap())])).unwrap_err();
    assert!(err.to_string().contains("company.whatsapp_number"), "{err}");
}

#[test]
fn trusted_proxies_are_parsed_when_read_and_a_bad_one_is_named() {
    let dir = std::env::temp_dir().join(format!("taxi-config-proxies-{}", std::process::id()));
    std::fs::write(&dir, "[limits]\ntrusted_proxies = [\"10.0.0.0/8\", \" ::1 \"]\n").unwrap();
    let settings = Settings::load_from(&env(&[("TAXI_CONFIG", dir.to_str().unwrap())])).unwrap();
    let nets: Vec<String> = settings.limits.trusted_proxies.iter().map(|p| p.0.to_string()).collect();
    assert_eq!(nets, ["10.0.0.0/8", "::1/128"]);
    std::fs::write(&dir, "[limits]\ntrusted_proxies = [\"proxy.local\"]\n").unwrap();
    let error = Settings::load_from(&env(&[("TAXI_CONFIG", dir.to_str().unwrap())])).unwrap_err();
    std::fs::remove_file(&dir).unwrap();
    assert!(error.to_string().contains("limits.trusted_proxies"), "{error}");
    assert!(error.to_string().contains("`proxy.local` is not an IP address"), "{error}");
}

#[test]
fn mailboxes_and_times_are_parsed_when_read_and_a_bad_one_is_named() {
    let file = std::env::temp_dir().join(format!("taxi-config-mail-{}", std::process::id()));
    let load = |text: &str| {
        std::fs::write(&file, text).unwrap();
        Settings::load_from(&env(&[("TAXI_CONFIG", file.to_str().unwrap())]))
    };
    let s = load("[mail]\nfrom = \"Taxi <rit@example.nl>\"\nanswer_from = \"07:30\"\n").unwrap();
    assert_eq!(s.mail.from.0.email.to_string(), "rit@example.nl");
    assert_eq!(s.mail.answer_from.to_string(), "07:30");
    assert_eq!(load("[company]\ncountry = \"BE\"\n").unwrap().company.country, crate::types::Country::BE);
    for (text, named, why) in [
        ("[mail]\nfrom = \"Taxi rit(at)example.nl\"\n", "mail.from", "is not a mailbox"),
        (
            "[mail]\nstaff_recipients = [\"planning\"]\n",
            "mail.staff_recipients",
            "`planning` is not a mailbox",
        ),
        ("[mail]\nanswer_until = \"23.00\"\n", "mail.answer_until", "`23.00` is not a time as HH:MM"),
        (
            "[[company.opening_hours]]\ndays = [\"Monday\"]\nopens = \"6:00\"\ncloses = \"23:00\"\n",
            "company.opening_hours",
            "`6:00` is not a time",
        ),
        // Phone numbers without their country code are read there first.
        ("[company]\ncountry = \"Nederland\"\n", "company.country", "no two-letter ISO 3166"),
    ] {
        let error = load(text).unwrap_err().to_string();
        assert!(error.contains(named) && error.contains(why), "{text}: {error}");
    }
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn frequent_places_are_read_replaced_by_a_file_and_bad_ones_named() {
    let defaults = Settings::load_from(&env(&[])).unwrap();
    let ids: Vec<&str> = defaults.places.frequent.iter().map(|p| p.id.as_str()).collect();
    assert!(ids.contains(&"outlet") && ids.contains(&"laurentius"), "{ids:?}");
    let file = std::env::temp_dir().join(format!("taxi-config-places-{}", std::process::id()));
    let load = |text: &str| {
        std::fs::write(&file, text).unwrap();
        Settings::load_from(&env(&[("TAXI_CONFIG", file.to_str().unwrap())]))
    };
    let place =
        |id: &str, extra: &str| format!("[[places.frequent]]\nid = \"{id}\"\nname = \"Hotel\"\n{extra}\n");
    let s = load(&place("hotel", "lat = 51.19\nlon = 5.99\naliases = [\"H\"]\nkind = \"station\"")).unwrap();
    assert_eq!(s.places.frequent.len(), 1, "a file's list replaces the defaults");
    assert_eq!(s.places.frequent[0].kind, FrequentKind::Station);
    assert_eq!(s.places.frequent[0].name.get(crate::types::Lang::De), "Hotel");
    assert!(load("[places]\nfrequent = []\n").unwrap().places.frequent.is_empty());
    let at = "lat = 51.19\nlon = 5.99";
    for (text, why) in [
        (place("Hotel", at), "id:"),
        (place("", at), "id:"),
        (format!("{}{}", place("a", at), place("a", at)), "id used twice"),
        (place("far", "lat = 52.37\nlon = 9.73"), "within 250 km"),
        (place("nan", "lat = nan\nlon = 5.99"), "degrees"),
        (place("blank", &format!("{at}\naliases = [\" \"]")), "names and aliases"),
        (place("kind", &format!("{at}\nkind = \"castle\"")), "places.frequent"),
    ] {
        let error = load(&text).unwrap_err().to_string();
        assert!(error.contains("places.frequent") && error.contains(why), "{text}: {error}");
    }
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn districts_are_read_replaced_by_a_file_and_bad_ones_named() {
    let defaults = Settings::load_from(&env(&[])).unwrap();
    let ids: Vec<&str> = defaults.places.districts.iter().map(|d| d.id.as_str()).collect();
    assert!(ids.contains(&"donderberg") && ids.contains(&"roerdelta"), "{ids:?}");
    let file = std::env::temp_dir().join(format!("taxi-config-districts-{}", std::process::id()));
    let load = |text: &str| {
        std::fs::write(&file, text).unwrap();
        Settings::load_from(&env(&[("TAXI_CONFIG", file.to_str().unwrap())]))
    };
    let district =
        |id: &str, extra: &str| format!("[[places.districts]]\nid = \"{id}\"\nname = \"Wijk\"\n{extra}\n");
    let s = load(&district("wijk", "lat = 51.19\nlon = 5.99\naliases = [\"De Wijk\"]")).unwrap();
    assert_eq!(s.places.districts.len(), 1, "a file's list replaces the defaults");
    assert_eq!(s.places.districts[0].aliases, ["De Wijk"]);
    assert_eq!(s.places.frequent.len(), defaults.places.frequent.len(), "the frequent places stay");
    assert!(load("[places]\ndistricts = []\n").unwrap().places.districts.is_empty());
    let at = "lat = 51.19\nlon = 5.99";
    for (text, why) in [
        (district("Wijk", at), "id:"),
        (format!("{}{}", district("a", at), district("a", at)), "id used twice"),
        // Eindhoven is no district of Roermond: 25 km at most from the tariff centre.
        (district("eindhoven", "lat = 51.44\nlon = 5.48"), "within 25 km"),
        (district("nan", "lat = nan\nlon = 5.99"), "degrees"),
        (district("blank", &format!("{at}\naliases = [\"\"]")), "names and aliases"),
        (district("kind", &format!("{at}\nkind = \"poi\"")), "places.districts"),
    ] {
        let error = load(&text).unwrap_err().to_string();
        assert!(error.contains("places.districts") && error.contains(why), "{text}: {error}");
    }
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_dispatchers_calendar_that_is_never_refreshed_or_lists_nothing_stops_the_start() {
    let dir = std::env::temp_dir().join(format!("taxi-config-calendar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (body, ok) in [
        ("[dispatch_calendar]\nrefresh_minutes = 0\n", false),
        ("[dispatch_calendar]\nmax_bookings = 0\n", false),
        ("[dispatch_calendar]\nahead_days = 0\n", false),
        ("[dispatch_calendar]\nenabled = false\nrefresh_minutes = 0\n", true),
        ("[dispatch_calendar]\nrevision = 7\n", true),
    ] {
        let file = dir.join("calendar.toml");
        std::fs::write(&file, body).unwrap();
        match Settings::load_from(&env(&[("TAXI_CONFIG", file.to_str().unwrap())])) {
            Ok(s) => assert!(ok, "{body} loaded: {:?}", s.dispatch_calendar),
            Err(e) => assert!(!ok && e.to_string().contains("dispatch_calendar"), "{body}: {e}"),
        }
    }
}

#[test]
fn an_operator_host_is_a_bare_name_and_never_the_sites_public_one() {
    let dir = std::env::temp_dir().join(format!("taxi-config-operators-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (hosts, ok) in [
        ("\"10.0.0.1\", \"ops.internal\", \"[fd00::1]\"", true),
        ("\"www.taxiroermond.example\"", false),
        ("\"WWW.TaxiRoermond.example.\"", false),
        ("\"ops.internal:9000\"", false),
        ("\"fd00::1\"", false),
        ("\"http://ops.internal\"", false),
        ("\"\"", false),
    ] {
        let file = dir.join("operators.toml");
        std::fs::write(&file, format!("[http]\noperator_hosts = [{hosts}]\n")).unwrap();
        match Settings::load_from(&env(&[("TAXI_CONFIG", file.to_str().unwrap())])) {
            Ok(_) => assert!(ok, "{hosts} loaded"),
            Err(e) => assert!(!ok && e.to_string().contains("http.operator_hosts"), "{hosts}: {e}"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_review_link_is_an_https_url_or_none_and_anything_else_stops_the_start() {
    assert!(Settings::load_from(&env(&[])).unwrap().company.review_url.is_none(), "off by default");
    let dir = std::env::temp_dir().join(format!("taxi-config-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("review.toml");
    let with = |url: &str| {
        std::fs::write(&f, format!("[company]\nreview_url = \"{url}\"\n")).unwrap();
        Settings::load_from(&env(&[("TAXI_CONFIG", f.to_str().unwrap())]))
    };
    let s = with("https://g.page/r/taxi-demo/review").unwrap();
    assert_eq!(s.company.review_url.unwrap().as_str(), "https://g.page/r/taxi-demo/review");
    for bad in ["http://g.page/r/taxi-demo/review", "g.page/r/taxi-demo/review", "javascript:alert(1)"] {
        let err = with(bad).unwrap_err().to_string();
        assert!(err.contains("company.review_url") && err.contains("https://"), "{bad}: {err}");
    }
}

#[test]
fn a_closure_must_end_after_it_starts_and_say_why_in_every_language() {
    let dir = std::env::temp_dir().join(format!("taxi-config-closed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("closed.toml");
    let with = |from: &str, until: &str, message: &str| {
        let text =
            format!("[[booking.closed]]\nfrom = \"{from}\"\nuntil = \"{until}\"\nmessage = {message}\n");
        std::fs::write(&f, text).unwrap();
        Settings::load_from(&env(&[("TAXI_CONFIG", f.to_str().unwrap())]))
    };
    let all = r#"{ nl = "Gesloten", de = "Geschlossen", en = "Closed" }"#;
    let s = with("2026-12-24T18:00", "2026-12-26T08:00", all).unwrap();
    let closure = &s.booking.closed[0];
    assert!(
        closure.holds("2026-12-24T18:00".parse().unwrap())
            && closure.holds("2026-12-26T07:59".parse().unwrap())
    );
    assert!(!closure.holds("2026-12-26T08:00".parse().unwrap()), "until is the first time open again");
    for (from, until, message, says) in [
        ("2026-12-26T08:00", "2026-12-24T18:00", all, "must be after `from`"),
        ("2026-12-24T18:00", "2026-12-24T18:00", all, "must be after `from`"),
        ("2026-12-24T18:00", "2026-12-26T08:00", r#"{ nl = "Gesloten", en = "Closed" }"#, "de"),
        (
            "2026-12-24T18:00",
            "2026-12-26T08:00",
            r#"{ nl = "Gesloten", de = " ", en = "Closed" }"#,
            "message.de",
        ),
        ("24-12-2026", "2026-12-26T08:00", all, "booking.closed"),
    ] {
        let err = with(from, until, message).unwrap_err().to_string();
        assert!(err.contains("booking.closed") && err.contains(says), "{from}..{until} {message}: {err}");
    }
    assert!(Settings::load_from(&env(&[])).unwrap().booking.closed.is_empty(), "none by default");
}

#[test]
fn the_taxibus_surcharge_is_cents_or_a_percentage_and_nothing_else() {
    use crate::{config::TaxibusSurcharge, types::Money};
    let default = Settings::load_from(&env(&[])).unwrap().tariff.taxibus_surcharge;
    assert_eq!(default, TaxibusSurcharge::Cents(Money::from_cents(1500)));
    let dir = std::env::temp_dir().join(format!("taxi-config-taxibus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("taxibus.toml");
    let with = |value: &str| {
        std::fs::write(&f, format!("[tariff]\ntaxibus_surcharge = {value}\n")).unwrap();
        Settings::load_from(&env(&[("TAXI_CONFIG", f.to_str().unwrap())])).map(|s| s.tariff.taxibus_surcharge)
    };
    assert_eq!(with("\"25%\"").unwrap(), TaxibusSurcharge::Percent(25));
    assert_eq!(with("\" 10 % \"").unwrap(), TaxibusSurcharge::Percent(10));
    assert_eq!(with("0").unwrap(), TaxibusSurcharge::Cents(Money::ZERO));
    for bad in ["-100", "\"15 euro\"", "\"%\"", "\"2000%\"", "{ cents = 1500 }"] {
        let err = with(bad).unwrap_err().to_string();
        assert!(err.contains("tariff.taxibus_surcharge"), "{bad}: {err}");
    }
}
