//! The key that signs count files: 32 random bytes, as 64 hex digits and a newline, in a file
//! only its owner can read. Like ssh with a private key, parsheet refuses a key file that others
//! can read or that another user owns: a key others can read signs counts others can forge.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

const KEY_BYTES: usize = 32;

/// The key of this user (or of a cluster that shares the file).
pub struct SigningKey {
    bytes: [u8; KEY_BYTES],
    path: PathBuf,
}

/// `$PARSHEET_KEY_FILE`, else `$XDG_CONFIG_HOME/parsheet/key`, else `$HOME/.config/parsheet/key`.
pub fn default_key_path() -> Option<PathBuf> {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("PARSHEET_KEY_FILE")
        .or_else(|| env("XDG_CONFIG_HOME").map(|d| d.join("parsheet/key")))
        .or_else(|| env("HOME").map(|d| d.join(".config/parsheet/key")))
}

impl SigningKey {
    /// The key at `path`, which must exist (a merge checks files others signed: a new key
    /// would only refuse them all).
    pub fn open(path: &Path) -> Result<SigningKey, String> {
        match read_key(path) {
            Ok(Some(bytes)) => Ok(SigningKey { bytes, path: path.to_path_buf() }),
            Ok(None) => Err(format!(
                "no key file at {}: count files are signed with the key of the machine that wrote them; copy that key file here (mode 0600) or set PARSHEET_KEY_FILE (docs/SECURITY.md)",
                path.display()
            )),
            Err(e) => Err(e),
        }
    }

    /// The key at `path`, created with fresh random bytes if there is none. Many processes may
    /// start at once: the key is written to a private temporary file and linked into place,
    /// which fails if another process got there first, and then everyone reads the one file.
    pub fn open_or_create(path: &Path) -> Result<SigningKey, String> {
        if let Some(bytes) = read_key(path)? {
            return Ok(SigningKey { bytes, path: path.to_path_buf() });
        }
        create(path).map_err(|e| format!("cannot create the key file {}: {e}", path.display()))?;
        SigningKey::open(path)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// HMAC-SHA-256 of `bytes`, as lowercase hex.
    pub fn sign(&self, bytes: &[u8]) -> String {
        let mut mac = HmacSha256::new_from_slice(&self.bytes).expect("HMAC takes any key length");
        mac.update(bytes);
        crate::hex(&mac.finalize().into_bytes())
    }

    /// Whether `tag` (hex) is the HMAC of `bytes`, compared in constant time.
    pub fn verify(&self, bytes: &[u8], tag: &str) -> bool {
        self.verify_parts(&[bytes], tag)
    }

    /// [`SigningKey::verify`] of the bytes of `parts` one after another, without joining them.
    pub fn verify_parts(&self, parts: &[&[u8]], tag: &str) -> bool {
        let Some(tag) = unhex(tag) else { return false };
        let mut mac = HmacSha256::new_from_slice(&self.bytes).expect("HMAC takes any key length");
        for p in parts {
            mac.update(p);
        }
        mac.verify_slice(&tag).is_ok()
    }

    /// A key that is not on disk, for tests of the file format.
    #[doc(hidden)]
    pub fn from_bytes(bytes: [u8; KEY_BYTES]) -> SigningKey {
        SigningKey { bytes, path: PathBuf::from("<memory>") }
    }
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok()).collect()
}

/// The key's bytes, or `None` where there is no file. A file still being written by a process
/// that could not link it into place whole is waited for briefly.
fn read_key(path: &Path) -> Result<Option<[u8; KEY_BYTES]>, String> {
    let at = |e: String| format!("key file {}: {e}", path.display());
    for attempt in 0..50 {
        // Opened without blocking (a FIFO is refused, not waited on), a regular file of at most 1 KB.
        let (mut f, meta) = match parsheet_json::read::open(path, parsheet_json::read::KEY) {
            Ok(x) => x,
            Err(e) if e.is_not_found() => {
                if let Ok(target) = fs::read_link(path) {
                    return Err(at(format!(
                        "a symbolic link to {}, which does not exist: point the link at your key file, or remove it (parsheet then creates a new key there)",
                        target.display()
                    )));
                }
                return Ok(None);
            }
            Err(e) => return Err(at(e.to_string())),
        };
        if meta.uid() != crate::euid() {
            return Err(at(format!("owned by user {}, not by this user ({}): use a key file of your own (PARSHEET_KEY_FILE)", meta.uid(), crate::euid())));
        }
        if meta.mode() & 0o077 != 0 {
            return Err(at(format!(
                "permissions {:04o} are too open: others could read the key and sign counts parsheet would trust. Run `chmod 600 {}`",
                meta.mode() & 0o7777,
                path.display()
            )));
        }
        let mut text = String::new();
        (&mut f).take(256).read_to_string(&mut text).map_err(|e| at(e.to_string()))?;
        let digits = text.trim_end_matches('\n');
        if digits.len() < 2 * KEY_BYTES && digits.bytes().all(|b| b.is_ascii_hexdigit()) && attempt < 49 {
            std::thread::sleep(std::time::Duration::from_millis(40));
            continue;
        }
        let bytes = unhex(digits).filter(|b| b.len() == KEY_BYTES).ok_or_else(|| at(format!("not a parsheet key ({} hex digits and a newline)", 2 * KEY_BYTES)))?;
        return Ok(Some(bytes.try_into().expect("length checked")));
    }
    unreachable!("the loop returns on its last attempt")
}

fn create(path: &Path) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::DirBuilder::new().recursive(true).mode(0o700).create(&dir)?;
    let mut bytes = [0u8; KEY_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| io::Error::other(format!("no random bytes from the system: {e}")))?;
    let text = format!("{}\n", crate::hex(&bytes));
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    // Key files being created (`.parsheet-key.*.tmp`) by runs that were killed.
    crate::remove_stale_temporaries(&dir, |n| n.starts_with(".parsheet-key.") && n.ends_with(".tmp"));
    let tmp = dir.join(format!(".parsheet-key.{}-{nanos}.tmp", std::process::id()));
    let write = |p: &Path| -> io::Result<()> {
        let mut f = OpenOptions::new().write(true).create_new(true).mode(0o600).open(p)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    };
    if let Err(e) = write(&tmp) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    // A hard link never replaces an existing file: the first process to link wins.
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        // A filesystem without hard links: create the file itself (readers wait for its end).
        Err(_) => match write(path) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
            other => other,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("parsheet-key-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_key_is_created_once_private_and_read_back() {
        let dir = scratch("create");
        let path = dir.join("sub/key");
        // Many processes starting at once: threads here, each creating or reading.
        let keys: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..16).map(|_| s.spawn(|| SigningKey::open_or_create(&path).unwrap().sign(b"x"))).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(keys.iter().all(|k| *k == keys[0]), "one key for everyone");
        assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
        assert_eq!(fs::metadata(dir.join("sub")).unwrap().mode() & 0o777, 0o700);
        assert_eq!(fs::read_dir(dir.join("sub")).unwrap().count(), 1, "no temporary file left");
        let key = SigningKey::open(&path).unwrap();
        assert!(key.verify(b"x", &keys[0]));
        assert!(!key.verify(b"y", &keys[0]));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_dangling_link_a_fifo_and_stale_temporaries() {
        let dir = scratch("odd");
        // A link to a key that is not there: named, not "copy that key file here".
        let link = dir.join("link");
        std::os::unix::fs::symlink(dir.join("gone"), &link).unwrap();
        for e in [SigningKey::open_or_create(&link).err().unwrap(), SigningKey::open(&link).err().unwrap()] {
            assert!(e.contains("a symbolic link to") && e.contains("gone") && !e.contains("copy that key file"), "{e}");
        }
        // A FIFO: refused at once.
        let fifo = dir.join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert!(SigningKey::open_or_create(&fifo).err().unwrap().contains("FIFO"));
        // A temporary key file of a run killed two days ago goes when a key is next created.
        let sub = dir.join("sub");
        fs::create_dir_all(&sub).unwrap();
        let (old, fresh) = (sub.join(".parsheet-key.1-2.tmp"), sub.join(".parsheet-key.3-4.tmp"));
        for p in [&old, &fresh] {
            fs::write(p, "ab").unwrap();
        }
        let two_days = std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 24 * 3600);
        fs::File::options().write(true).open(&old).unwrap().set_modified(two_days).unwrap();
        SigningKey::open_or_create(&sub.join("key")).unwrap();
        assert!(!old.exists() && fresh.exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_key_others_can_read_is_refused() {
        let dir = scratch("open");
        let path = dir.join("key");
        SigningKey::open_or_create(&path).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let e = SigningKey::open(&path).err().unwrap();
        assert!(e.contains("0644") && e.contains("chmod 600"), "{e}");
        assert!(SigningKey::open_or_create(&path).is_err(), "never replaced silently");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        fs::write(&path, "not hex\n").unwrap();
        assert!(SigningKey::open(&path).err().unwrap().contains("not a parsheet key"));
        let e = SigningKey::open(&dir.join("missing")).err().unwrap();
        assert!(e.contains("no key file") && e.contains("PARSHEET_KEY_FILE"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
