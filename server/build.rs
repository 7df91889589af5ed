//! Builds the UI bundles with esbuild (through `ui/build.mjs`) and embeds them.
//!
//! `cargo build` alone is enough on a fresh clone: npm installs the UI's locked
//! dependencies on first use. Set `TAXI_UI_DIST` to a directory produced by
//! `node ui/build.mjs <dir>` to skip npm (the Docker image does this).
use std::{
    collections::BTreeMap,
    env,
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest_dir.parent().unwrap().to_path_buf();
    let ui = root.join("ui");
    println!("cargo:rerun-if-env-changed=TAXI_UI_DIST");

    let dist = match env::var_os("TAXI_UI_DIST") {
        Some(dir) => PathBuf::from(dir),
        None => {
            for watched in
                ["src", "public", "texts", "build.mjs", "tsconfig.json", "package.json", "package-lock.json"]
            {
                println!("cargo:rerun-if-changed={}", ui.join(watched).display());
            }
            println!("cargo:rerun-if-changed={}", root.join("locales").display());
            let dist = PathBuf::from(env::var("OUT_DIR").unwrap()).join("ui");
            install_ui_dependencies(&ui);
            run(Command::new("node").arg(ui.join("build.mjs")).arg(&dist), "node ui/build.mjs");
            dist
        }
    };
    write_asset_table(&dist);
}

fn install_ui_dependencies(ui: &Path) {
    let lock = ui.join("package-lock.json");
    let installed = ui.join("node_modules/.package-lock.json");
    let fresh = match (fs::metadata(&lock), fs::metadata(&installed)) {
        (Ok(l), Ok(i)) => i.modified().unwrap() >= l.modified().unwrap(),
        _ => false,
    };
    if !fresh {
        let mut npm = Command::new("npm");
        npm.args(["ci", "--no-audit", "--no-fund", "--loglevel=error"]).current_dir(ui);
        run(&mut npm, "npm ci (in ui/)");
    }
}

fn run(cmd: &mut Command, what: &str) {
    let status =
        cmd.status().unwrap_or_else(|e| panic!("{what}: could not start ({e}); is Node.js 20+ installed?"));
    assert!(status.success(), "{what} failed with {status}");
}

/// Generates `assets.rs`: the server bundle and every public file with its
/// precompressed variants, as static byte slices.
fn write_asset_table(dist: &Path) {
    let manifest = fs::read_to_string(dist.join("manifest.json")).expect("manifest.json in UI dist");
    // `{"logical name": "hashed name", ...}`, written by ui/build.mjs.
    let manifest: BTreeMap<String, String> =
        serde_json::from_str(&manifest).expect("manifest.json maps names to hashed names");
    let public = dist.join("public");
    let mut out = String::new();
    let server_js = dist.join("server.js");
    writeln!(out, "pub static SERVER_BUNDLE: &str = include_str!({:?});", server_js.display().to_string())
        .unwrap();
    writeln!(out, "pub static PUBLIC_FILES: &[EmbeddedFile] = &[").unwrap();
    for (logical, hashed) in &manifest {
        let file = public.join(hashed);
        let variant = |ext: &str| {
            let p = PathBuf::from(format!("{}.{ext}", file.display()));
            if p.exists() {
                format!("Some(include_bytes!({:?}))", p.display().to_string())
            } else {
                "None".into()
            }
        };
        writeln!(
            out,
            "    EmbeddedFile {{ logical: {logical:?}, name: {hashed:?}, body: include_bytes!({:?}), gzip: {}, brotli: {} }},",
            file.display().to_string(),
            variant("gz"),
            variant("br"),
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    fs::write(PathBuf::from(env::var("OUT_DIR").unwrap()).join("assets.rs"), out).unwrap();
}
