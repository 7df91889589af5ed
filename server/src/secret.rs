//! The server's secret key: signs the staff answer links and the form-opened
//! cookie, so both survive restarts and hold across instances sharing the key.
//!
//! From `TAXI_SECRET_KEY` when set; otherwise 32 random bytes kept in
//! `<data_dir>/secret.key` (mode 0600), created on first start and reused.
use std::{
    fs::{self, OpenOptions},
    io::{self, Write as _},
    os::unix::fs::OpenOptionsExt,
    path::Path,
    sync::Arc,
};

use hmac::{Hmac, KeyInit as _, Mac as _};
use secrecy::{ExposeSecret, SecretSlice};
use sha2::Sha256;

use crate::config::Settings;

const KEY_FILE: &str = "secret.key";
const GENERATED_BYTES: usize = 32;

/// Where the key came from, for the start-up log (never the key itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySource {
    Environment,
    /// `TAXI_SECRET_KEY`, while a key file from earlier runs is in the data
    /// directory: links signed with that file (open staff links, form cookies)
    /// no longer verify.
    EnvironmentOverFile,
    DataDir,
    Generated,
}

impl KeySource {
    pub fn describe(self) -> &'static str {
        match self {
            Self::Environment | Self::EnvironmentOverFile => "TAXI_SECRET_KEY",
            Self::DataDir => "the key file in the data directory",
            Self::Generated => "a new random key file in the data directory",
        }
    }
}

/// The key, cheap to clone; `Debug` shows nothing of it.
#[derive(Clone)]
pub struct SecretKey(Arc<SecretSlice<u8>>);

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

impl SecretKey {
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Self(Arc::new(SecretSlice::from(bytes)))
    }

    /// The key of these settings: the environment's, else the data directory's
    /// (created when missing).
    pub fn load(settings: &Settings) -> io::Result<(SecretKey, KeySource)> {
        if let Some(key) = &settings.secrets.secret_key {
            let source = match settings.data_dir.join(KEY_FILE).exists() {
                true => KeySource::EnvironmentOverFile,
                false => KeySource::Environment,
            };
            return Ok((Self::from_bytes(key.expose_secret().as_bytes().to_vec()), source));
        }
        load_or_create(&settings.data_dir.join(KEY_FILE))
    }

    /// The key of these settings if there is one yet; creates nothing.
    pub fn existing(settings: &Settings) -> io::Result<Option<SecretKey>> {
        if let Some(key) = &settings.secrets.secret_key {
            return Ok(Some(Self::from_bytes(key.expose_secret().as_bytes().to_vec())));
        }
        read_key_file(&settings.data_dir.join(KEY_FILE))
    }

    /// HMAC-SHA256 of `parts`, each length-prefixed so that no two lists of
    /// parts give the same input.
    pub fn sign(&self, parts: &[&str]) -> [u8; 32] {
        self.mac(parts).finalize().into_bytes().into()
    }

    /// Whether `tag` is the HMAC of `parts`, compared in constant time.
    pub fn verify(&self, parts: &[&str], tag: &[u8]) -> bool {
        self.mac(parts).verify_slice(tag).is_ok()
    }

    fn mac(&self, parts: &[&str]) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(self.0.expose_secret()).expect("HMAC takes a key of any length");
        for part in parts {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        mac
    }
}

/// Refuses a key file that others could read or replace: one that another
/// user owns, or that its group or the world may read or write.
fn check_private(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt as _;
    let meta = fs::metadata(path)?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me {
        let why =
            format!("{} is owned by user {}, not by this server's user {me}", path.display(), meta.uid());
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
    }
    if meta.mode() & 0o077 != 0 {
        let why = format!(
            "{} may be read by others (mode {:o}): `chmod 600` it, or remove it to make a new key",
            path.display(),
            meta.mode() & 0o777
        );
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, why));
    }
    Ok(())
}

/// The key in `path`, checked; `None` when there is no such file.
fn read_key_file(path: &Path) -> io::Result<Option<SecretKey>> {
    match fs::read(path) {
        Ok(bytes) if bytes.len() >= GENERATED_BYTES => {
            check_private(path)?;
            Ok(Some(SecretKey::from_bytes(bytes)))
        }
        Ok(_) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is too short to be a key", path.display()),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

fn load_or_create(path: &Path) -> io::Result<(SecretKey, KeySource)> {
    if let Some(key) = read_key_file(path)? {
        return Ok((key, KeySource::DataDir));
    }
    if let Some(dir) = path.parent() {
        create_private_dir(dir)?;
    }
    let mut bytes = vec![0u8; GENERATED_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| io::Error::other(format!("no random numbers: {e}")))?;
    // Written under a temporary name and linked into place: another instance
    // starting at the same moment either wins (and we read its key) or loses.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let mut file = OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&tmp)?;
    file.write_all(&bytes)?;
    file.sync_all()?;
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => {
            if let Some(dir) = path.parent() {
                fs::File::open(dir)?.sync_all()?;
            }
            Ok((SecretKey::from_bytes(bytes), KeySource::Generated))
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => load_or_create(path),
        Err(e) => Err(e),
    }
}

/// Creates `dir` and its missing parents readable by this user only, whatever
/// the umask (the data directory holds bookings, mails and this key).
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt as _;
    fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

/// Refuses a directory every user of the machine may write to: any of them
/// could swap the store, the key or the backups in it (the files' own modes do
/// not stop a rename). Checked at every start; one made by
/// [`create_private_dir`] never is.
pub fn refuse_shared_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = fs::metadata(dir)?.permissions().mode();
    if mode & 0o002 == 0 {
        return Ok(());
    }
    let why = format!(
        "{dir} may be written by every user of this machine (mode {mode:o}), who could replace the \
         bookings or the secret key in it; fix it with `chmod o-w {dir}` (or `chmod 700 {dir}`)",
        dir = dir.display(),
        mode = mode & 0o7777,
    );
    Err(io::Error::new(io::ErrorKind::PermissionDenied, why))
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;

    use super::*;

    #[test]
    fn a_generated_key_is_private_and_reused() {
        let dir = std::env::temp_dir().join(format!("taxi-secret-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let path = dir.join(KEY_FILE);
        let (first, source) = load_or_create(&path).unwrap();
        assert_eq!(source, KeySource::Generated);
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let (second, source) = load_or_create(&path).unwrap();
        assert_eq!(source, KeySource::DataDir);
        assert_eq!(first.sign(&["a"]), second.sign(&["a"]));
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        assert_eq!(fs::metadata(&dir).unwrap().permissions().mode() & 0o777, 0o700, "the directory too");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let refused = load_or_create(&path).expect_err("a key others can read is refused");
        assert_eq!(refused.kind(), io::ErrorKind::PermissionDenied);
        assert!(
            refused.to_string().contains("mode 644") && refused.to_string().contains("chmod 600"),
            "{refused}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_directory_every_user_may_write_to_is_refused_with_the_fix() {
        let dir = std::env::temp_dir().join(format!("taxi-shared-{}", std::process::id()));
        create_private_dir(&dir).unwrap();
        assert!(refuse_shared_dir(&dir).is_ok());
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o1777)).unwrap();
        let refused = refuse_shared_dir(&dir).expect_err("world-writable");
        assert!(refused.to_string().contains(&format!("`chmod o-w {}`", dir.display())), "{refused}");
        assert!(refused.to_string().contains("mode 1777"), "{refused}");
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o770)).unwrap();
        assert!(refuse_shared_dir(&dir).is_ok(), "the group is the owner's choice");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_private_directory_is_private_whatever_the_umask() {
        // The process's umask (022 here) would give 0755; the mode is set on creation.
        let dir = std::env::temp_dir().join(format!("taxi-private-{}", std::process::id())).join("a/b");
        create_private_dir(&dir).unwrap();
        assert_eq!(fs::metadata(&dir).unwrap().permissions().mode() & 0o777, 0o700);
        let _ = fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn a_key_from_the_environment_says_when_it_replaces_a_key_file() {
        let dir = std::env::temp_dir().join(format!("taxi-secret-env-{}", std::process::id()));
        let mut settings = crate::config::Settings::load_from(&Default::default()).unwrap();
        settings.data_dir = dir.clone();
        settings.secrets.secret_key = Some("a-long-enough-secret-key-for-the-test".to_string().into());
        assert_eq!(SecretKey::load(&settings).unwrap().1, KeySource::Environment);
        load_or_create(&dir.join(KEY_FILE)).unwrap();
        assert_eq!(SecretKey::load(&settings).unwrap().1, KeySource::EnvironmentOverFile);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn signatures_depend_on_every_part_and_the_key() {
        let key = SecretKey::from_bytes(b"k".repeat(32));
        let tag = key.sign(&["R-ABC", "confirm", "100"]);
        assert!(key.verify(&["R-ABC", "confirm", "100"], &tag));
        assert!(!key.verify(&["R-ABC", "decline", "100"], &tag));
        assert!(!key.verify(&["R-ABCc", "onfirm", "100"], &tag), "parts are delimited");
        assert!(!key.verify(&["R-ABC", "confirm", "100"], &tag[..31]));
        assert!(!SecretKey::from_bytes(b"x".repeat(32)).verify(&["R-ABC", "confirm", "100"], &tag));
        assert!(!format!("{key:?}").contains('k'));
    }
}
