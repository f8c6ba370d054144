//! Files parsheet writes, written so that an interrupt, a full disk or a planted symlink never
//! leaves a half-written or mixed result: everything goes to a fresh temporary file or directory
//! beside the target (same filesystem) and is renamed into place only once complete.

use std::fs::{self, OpenOptions};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};

/// Marks a directory as a report parsheet wrote, which a later run may replace.
pub const REPORT_MARKER: &str = ".parsheet-report";

/// How file contents reach the disk; tests inject failures here.
pub type Sink<'a> = &'a mut dyn FnMut(&mut fs::File, &[u8]) -> io::Result<()>;

fn plain_write(f: &mut fs::File, bytes: &[u8]) -> io::Result<()> {
    f.write_all(bytes)?;
    f.sync_all()
}

/// The directory holding `path`, and `path`'s file name.
fn split(path: &Path) -> Result<(PathBuf, String), String> {
    let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("{}: not a file name parsheet can write to", path.display()))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name.to_string()))
}

/// A name beside `name` that no other run uses: `.name.tag-pid-n`.
fn beside(dir: &Path, name: &str, tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    dir.join(format!(".{name}.{tag}-{}-{nanos}", std::process::id()))
}

/// Creates `path` (which must not exist; a symlink there is not followed) and writes `bytes`.
fn create_new(path: &Path, bytes: &[u8], sink: Sink) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
    sink(&mut f, bytes)
}

/// Writes one file. An existing regular file (or symlink to one) at `path` is refused unless
/// `force`, and then replaced by rename, never written through; anything else there is refused.
pub fn write_file(path: &Path, text: &str, force: bool) -> Result<(), String> {
    check_file_target(path, force)?;
    let (dir, name) = split(path)?;
    let tmp = beside(&dir, &name, "tmp");
    let done = create_new(&tmp, text.as_bytes(), &mut plain_write).map_err(|e| format!("cannot write {}: {e}", path.display())).and_then(|()| {
        // Checked again just before the rename, to keep the window for a race small: rename(2)
        // has no "only over a regular file".
        check_file_target(path, force)?;
        fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
    });
    done.inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

/// What a non-regular file is, in words, for refusals.
fn special_kind(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Refuses, before any work is done, a target `write_file` would refuse: anything but a regular
/// file or a link to one (replacing a device, a FIFO, a socket or a directory by rename would
/// take it from whatever uses it: `--out /dev/null --force` as root replaced the system's
/// /dev/null), and an existing one without `force`. A dangling link is only a name and may be
/// replaced.
pub fn check_file_target(path: &Path, force: bool) -> Result<(), String> {
    split(path)?;
    let Ok(m) = fs::symlink_metadata(path) else { return Ok(()) };
    let refuse = |what: String| Err(format!("{} is {what}; parsheet writes only regular files: choose another file name", path.display()));
    if m.file_type().is_symlink() {
        match fs::metadata(path) {
            Ok(t) if !t.is_file() => return refuse(format!("a symbolic link to {}", special_kind(t.file_type()))),
            _ => {}
        }
    } else if !m.is_file() {
        return refuse(special_kind(m.file_type()).to_string());
    }
    if !force {
        return Err(format!("{} already exists; give --force to replace it", path.display()));
    }
    Ok(())
}

/// Refuses an `--out` that is not ours to replace: a symlink, a file, or a directory with
/// contents that is not a parsheet report.
pub fn check_tree_target(out: &Path) -> Result<(), String> {
    let Ok(m) = fs::symlink_metadata(out) else { return Ok(()) };
    if m.file_type().is_symlink() {
        return Err(format!("{} is a symbolic link; parsheet does not write through links: remove it or choose another --out", out.display()));
    }
    if !m.is_dir() {
        return Err(format!("{} exists and is not a directory; choose another --out", out.display()));
    }
    let marked = fs::symlink_metadata(out.join(REPORT_MARKER)).is_ok_and(|m| m.is_file()) || is_older_report(out);
    let empty = fs::read_dir(out).map_err(|e| format!("cannot read {}: {e}", out.display()))?.next().is_none();
    if !marked && !empty {
        return Err(format!("{} holds files that are not a parsheet report; it would be replaced as a whole: remove it or choose another --out", out.display()));
    }
    Ok(())
}

/// A report written before the marker existed: its `report.json` (a regular file) opens with
/// the report schema.
fn is_older_report(out: &Path) -> bool {
    use std::io::Read;
    let path = out.join("report.json");
    if !fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = [0u8; 64];
    let n = fs::File::open(&path).and_then(|mut f| f.read(&mut head)).unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).contains("\"schema\": \"parsheet-report/")
}

/// Writes `files` (relative paths, contents) as the directory `out`, replacing the report there:
/// afterwards `out` holds exactly these files, or, on any error, what it held before. Only under
/// `out`'s lock, since it clears what earlier runs left beside `out`.
pub fn write_tree<T: AsRef<[u8]>>(out: &Path, files: &[(PathBuf, T)], lock: &TreeLock) -> Result<(), String> {
    write_tree_with(out, files, lock, &mut plain_write)
}

pub fn write_tree_with<T: AsRef<[u8]>>(out: &Path, files: &[(PathBuf, T)], _lock: &TreeLock, sink: Sink) -> Result<(), String> {
    check_tree_target(out)?;
    let (dir, name) = split(out)?;
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // A run killed between its two renames left no `out`: its previous report comes back
    // before anything is deleted.
    restore_previous(out, &dir, &name)?;
    remove_stale(&dir, &name);
    let tmp = beside(&dir, &name, "tmp");
    let fill = |sink: Sink| -> io::Result<()> {
        fs::create_dir(&tmp)?;
        create_new(&tmp.join(REPORT_MARKER), b"written by parsheet report; replaced as a whole by the next run\n", sink)?;
        for (rel, text) in files {
            let path = tmp.join(rel);
            if let Some(parent) = path.parent() {
                // Only ever inside the fresh directory, so no planted link is on the way.
                fs::create_dir_all(parent)?;
            }
            create_new(&path, text.as_ref(), sink)?;
        }
        Ok(())
    };
    if let Err(e) = fill(sink) {
        let _ = fs::remove_dir_all(&tmp);
        return Err(format!("cannot write the report to {}: {e}; {} is unchanged", dir.display(), out.display()));
    }
    test_fault("swap:1");
    let had_old = fs::symlink_metadata(out).is_ok();
    // Swap: exchanged in one step where the filesystem can; else the old report moves aside and
    // the new one in (a run killed between the two leaves the old one aside, and the next run
    // puts it back). There is never a mix of the two.
    let aside = if had_old && exchange(&tmp, out).is_ok() {
        tmp.clone()
    } else {
        let old = beside(&dir, &name, "old");
        let swapped = (if had_old { fs::rename(out, &old) } else { Ok(()) }).and_then(|()| {
            test_fault("swap:2");
            fs::rename(&tmp, out).inspect_err(|_| {
                if had_old {
                    let _ = fs::rename(&old, out);
                }
            })
        });
        if let Err(e) = swapped {
            let _ = fs::remove_dir_all(&tmp);
            return Err(format!("cannot move the report into {}: {e}", out.display()));
        }
        old
    };
    test_fault("swap:3");
    if had_old {
        let _ = fs::remove_dir_all(&aside);
    }
    test_fault("swap:4");
    Ok(())
}

/// Exchanges the directories `a` and `b` atomically (`renameat2(RENAME_EXCHANGE)`); an error
/// where the filesystem or the system refuses it (or the test hook
/// `PARSHEET_TEST_NO_EXCHANGE=1` asks for the two-rename path).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    if std::env::var_os("PARSHEET_TEST_NO_EXCHANGE").is_some() {
        return Err(io::Error::from(io::ErrorKind::Unsupported));
    }
    rustix::fs::renameat_with(rustix::fs::CWD, a, rustix::fs::CWD, b, rustix::fs::RenameFlags::EXCHANGE).map_err(io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Test-only (docs/SECURITY.md): `PARSHEET_TEST_ABORT_AT=swap:N` ends the run at step N of
/// the report's swap as a kill would (no cleanup, the lock left behind; exit status 86), so a
/// test can find a complete report after each.
fn test_fault(step: &str) {
    if std::env::var("PARSHEET_TEST_ABORT_AT").is_ok_and(|at| at == step) {
        eprintln!("parsheet: stopped at {step} (PARSHEET_TEST_ABORT_AT)");
        std::process::exit(86);
    }
}

/// Where `out` is missing, puts back the newest complete report an interrupted swap left aside
/// (`.name.old-*` holding the report marker, latest change time first). Under `out`'s lock.
fn restore_previous(out: &Path, dir: &Path, name: &str) -> Result<(), String> {
    if fs::symlink_metadata(out).is_ok() {
        return Ok(());
    }
    let Ok(entries) = fs::read_dir(dir) else { return Ok(()) };
    let prefix = format!(".{name}.old-");
    let newest = entries
        .flatten()
        .filter(|e| e.file_name().to_str().is_some_and(|f| f.starts_with(&prefix)))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir() && !t.is_symlink()))
        .filter(|e| fs::symlink_metadata(e.path().join(REPORT_MARKER)).is_ok_and(|m| m.is_file()))
        .filter_map(|e| Some((changed(&e.metadata().ok()?), e.path())))
        .max();
    if let Some((_, previous)) = newest {
        fs::rename(&previous, out).map_err(|e| format!("cannot restore the previous report {} to {}: {e}", previous.display(), out.display()))?;
    }
    Ok(())
}

/// A directory's change time (the time it was renamed aside), where the system keeps one.
fn changed(m: &fs::Metadata) -> (i64, i64) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (m.ctime(), m.ctime_nsec())
    }
    #[cfg(not(unix))]
    {
        m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or((0, 0), |d| (d.as_secs() as i64, d.subsec_nanos() as i64))
    }
}

/// The lock of one report directory, held from before the report is built until it is in
/// place: the file `DIR.lock` beside `DIR`, holding the pid of the run. Runs into one directory
/// at once would otherwise delete each other's temporary directories (each clears what an
/// interrupted run left) and could leave a report without its files while every run exits 0.
///
/// The file is created exclusively; what makes it held is an `flock(2)` on it, which the kernel
/// drops when the run ends however it ends. So a lock whose run died (its pid not alive) is
/// stale by construction and the next run takes it over, and two runs that find one stale
/// cannot both take it: only one gets the `flock`. Dropping the lock removes the file, on
/// success and on error alike.
pub struct TreeLock {
    path: PathBuf,
    // Held open: closing it releases the flock.
    _file: fs::File,
}

impl Drop for TreeLock {
    fn drop(&mut self) {
        // Removed while the flock is still held (the file closes after this), so no other run
        // can take it in between; one that opened it before sees it gone and starts again.
        let _ = fs::remove_file(&self.path);
    }
}

/// Takes the lock of the report directory `out`, or says which run holds it.
pub fn lock_tree(out: &Path) -> Result<TreeLock, String> {
    let (dir, name) = split(out)?;
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("{name}.lock"));
    let cannot = |e: io::Error| format!("cannot take the lock {}: {e}", path.display());
    // A few tries: each failed one means another run removed or replaced the file meanwhile.
    for _ in 0..20 {
        let file = match OpenOptions::new().read(true).write(true).create_new(true).open(&path) {
            // The pid at once, so that a run that finds it held can name this one.
            Ok(mut f) => {
                writeln!(f, "{}", std::process::id()).map_err(cannot)?;
                f
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match open_existing_lock(&path) {
                Ok(f) => f,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(cannot(e)),
            },
            Err(e) => return Err(cannot(e)),
        };
        if !file.metadata().map_err(cannot)?.is_file() {
            return Err(format!("{} is not a regular file; it cannot be the lock of {}: remove it", path.display(), out.display()));
        }
        if !try_flock(&file).map_err(cannot)? {
            // A run that is taking over a stale lock writes its pid just after: wait a moment for it.
            let holder = (0..50).find_map(|_| {
                let pid = fs::read_to_string(&path).ok().and_then(|t| t.trim().parse::<u32>().ok());
                if pid.is_none() {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                pid
            });
            let pid = holder.map_or("pid not written yet".to_string(), |p| format!("pid {p}"));
            return Err(format!(
                "{} is being written by another parsheet run ({pid}, lock {}); wait for it to end, or choose another --out",
                out.display(),
                path.display()
            ));
        }
        if !same_file(&file, &path) {
            // The run that held it removed it after we opened it: the lock is a new file now.
            continue;
        }
        let mut file = file;
        // Rewound as well as emptied: written at the old offset, the pid would follow NUL bytes.
        file.set_len(0).and_then(|()| file.seek(io::SeekFrom::Start(0))).and_then(|_| writeln!(file, "{}", std::process::id())).and_then(|()| file.sync_all()).map_err(cannot)?;
        return Ok(TreeLock { path, _file: file });
    }
    Err(format!("cannot take the lock {}: other runs keep replacing it", path.display()))
}

/// Opens an existing lock file without following a link planted there.
fn open_existing_lock(path: &Path) -> io::Result<fs::File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NOFOLLOW.bits() as i32);
    }
    options.open(path)
}

/// An exclusive `flock` without waiting: `Ok(false)` when another process holds it.
#[cfg(unix)]
fn try_flock(file: &fs::File) -> io::Result<bool> {
    match rustix::fs::flock(file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Elsewhere the exclusive creation is the lock, and an existing file is held.
#[cfg(not(unix))]
fn try_flock(_file: &fs::File) -> io::Result<bool> {
    Ok(false)
}

/// Whether `path` still names the open `file`.
#[cfg(unix)]
fn same_file(file: &fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &fs::File, path: &Path) -> bool {
    path.exists()
}

/// Removes what an interrupted run left beside `name` (its `.name.tmp-*` and `.name.old-*`).
fn remove_stale(dir: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(file) = file.to_str() else { continue };
        let ours = [format!(".{name}.tmp-"), format!(".{name}.old-")].iter().any(|p| file.starts_with(p.as_str()));
        if ours && e.file_type().is_ok_and(|t| t.is_dir() && !t.is_symlink()) {
            let _ = fs::remove_dir_all(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("parsheet-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn files(run: &str) -> Vec<(PathBuf, String)> {
        vec![
            (PathBuf::from("index.html"), format!("index of {run}\n")),
            (PathBuf::from("game/wager.html"), format!("page of {run}\n").repeat(100)),
            (PathBuf::from("csv/a.csv"), format!("csv of {run}\n").repeat(100)),
        ]
    }

    /// Every file under `dir` with its contents, sorted.
    fn contents(dir: &Path) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).unwrap().flatten() {
                if e.file_type().unwrap().is_dir() {
                    stack.push(e.path());
                } else {
                    out.push((e.path().strip_prefix(dir).unwrap().display().to_string(), fs::read_to_string(e.path()).unwrap()));
                }
            }
        }
        out.sort();
        out
    }

    /// A disk that fills after `room` bytes: a short write, then ENOSPC.
    fn full_after(room: usize) -> impl FnMut(&mut fs::File, &[u8]) -> io::Result<()> {
        let mut left = room;
        move |f, bytes| {
            let n = bytes.len().min(left);
            f.write_all(&bytes[..n])?;
            left -= n;
            if n < bytes.len() {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "No space left on device (injected)"));
            }
            Ok(())
        }
    }

    #[test]
    fn a_full_disk_leaves_the_previous_report_or_none() {
        let dir = scratch("full");
        let out = dir.join("report");
        // No previous report: nothing is left, at every point the disk may fill.
        for room in [0, 10, 200, 1500] {
            let e = write_tree_with(&out, &files("first"), &lock_tree(&out).unwrap(), &mut full_after(room)).unwrap_err();
            assert!(e.contains("No space left") && e.contains("unchanged"), "{e}");
            assert!(!out.exists());
        }
        write_tree(&out, &files("first"), &lock_tree(&out).unwrap()).unwrap();
        let before = contents(&out);
        assert_eq!(before.len(), 4, "three files and the marker");
        for room in [0, 10, 200, 1500, 2500] {
            write_tree_with(&out, &files("second"), &lock_tree(&out).unwrap(), &mut full_after(room)).unwrap_err();
            assert_eq!(contents(&out), before, "room {room}: the first report, whole");
        }
        // Nothing is left beside it either.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        write_tree(&out, &files("second"), &lock_tree(&out).unwrap()).unwrap();
        assert!(contents(&out).iter().all(|(n, t)| n == REPORT_MARKER || t.contains("second")));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_lock_holds_the_pid_alone() {
        let dir = scratch("lock-pid");
        let out = dir.join("report");
        for stale in [None, Some("123456789012345\n")] {
            if let Some(text) = stale {
                fs::write(dir.join("report.lock"), text).unwrap();
            }
            let lock = lock_tree(&out).unwrap();
            assert_eq!(fs::read(dir.join("report.lock")).unwrap(), format!("{}\n", std::process::id()).into_bytes());
            drop(lock);
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_report_left_aside_comes_back_before_anything_is_deleted() {
        let dir = scratch("restore");
        let out = dir.join("report");
        let lock = lock_tree(&out).unwrap();
        write_tree(&out, &files("first"), &lock).unwrap();
        // Killed between the two renames: the report aside, none in place; an older one too.
        let older = dir.join(".report.old-1-1");
        write_tree(&older, &files("older"), &lock).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::rename(&out, dir.join(".report.old-2-1")).unwrap();
        // The next run fails to write: the newest report aside is in place, and stays.
        let err = write_tree_with(&out, &files("second"), &lock, &mut full_after(10)).unwrap_err();
        assert!(err.contains("unchanged"), "{err}");
        let got: Vec<String> = contents(&out).into_iter().filter(|(p, _)| p != REPORT_MARKER).map(|(_, t)| t).collect();
        assert!(got.iter().all(|t| t.contains("first")) && got.len() == 3, "{got:?}");
        drop(lock);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_interrupted_run_leaves_no_mix_and_is_cleaned_up() {
        let dir = scratch("interrupt");
        let out = dir.join("report");
        write_tree(&out, &files("first"), &lock_tree(&out).unwrap()).unwrap();
        let before = contents(&out);
        // A run killed while writing leaves only its temporary directory beside the report.
        let stale = dir.join(format!(".report.tmp-{}-0", std::process::id() + 1));
        fs::create_dir_all(stale.join("csv")).unwrap();
        fs::write(stale.join("index.html"), "half").unwrap();
        assert_eq!(contents(&out), before);
        // Stale files of the earlier run do not survive into the next one.
        fs::write(out.join("csv/old-wager.csv"), "stale").unwrap();
        write_tree(&out, &files("second"), &lock_tree(&out).unwrap()).unwrap();
        assert!(!stale.exists());
        assert!(!out.join("csv/old-wager.csv").exists());
        assert_eq!(contents(&out).len(), 4);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Makes a FIFO with the system's `mkfifo` (no libc binding in this crate).
    #[cfg(unix)]
    fn mkfifo(path: &Path) {
        let ok = std::process::Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success());
        assert!(ok, "mkfifo {}", path.display());
    }

    #[cfg(unix)]
    fn kind(path: &Path) -> &'static str {
        use std::os::unix::fs::FileTypeExt;
        let t = fs::symlink_metadata(path).unwrap().file_type();
        match () {
            _ if t.is_symlink() => "symlink",
            _ if t.is_fifo() => "fifo",
            _ if t.is_socket() => "socket",
            _ if t.is_char_device() => "char device",
            _ if t.is_dir() => "directory",
            _ if t.is_file() => "file",
            _ => "other",
        }
    }

    #[test]
    #[cfg(unix)]
    fn force_replaces_only_regular_files_and_links_to_them() {
        let dir = scratch("special");
        let fifo = dir.join("fifo");
        mkfifo(&fifo);
        let socket = dir.join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let subdir = dir.join("subdir");
        fs::create_dir(&subdir).unwrap();
        let mut targets = vec![(fifo.clone(), "FIFO"), (socket.clone(), "socket"), (subdir.clone(), "directory")];
        for (t, what) in targets.clone() {
            let link = dir.join(format!("link-to-{}", t.file_name().unwrap().to_str().unwrap()));
            std::os::unix::fs::symlink(&t, &link).unwrap();
            targets.push((link, what));
        }
        // A device node of our own (the numbers of /dev/null), where we may make one.
        let device = dir.join("device");
        let made = std::process::Command::new("mknod").arg(&device).args(["c", "1", "3"]).status().is_ok_and(|s| s.success());
        if made {
            targets.push((device.clone(), "device"));
        } else {
            eprintln!("skipping the device-node case: mknod needs root");
        }
        for (t, what) in &targets {
            let before = kind(t);
            for force in [false, true] {
                let e = check_file_target(t, force).unwrap_err();
                assert!(e.contains(what), "{}: {e}", t.display());
                let e = write_file(t, "new", force).unwrap_err();
                assert!(e.contains(what), "{}: {e}", t.display());
                assert_eq!(kind(t), before, "{} intact", t.display());
            }
        }
        // A regular file and a link to one are replaced with --force (the link itself).
        let file = dir.join("file");
        fs::write(&file, "old").unwrap();
        let link = dir.join("link-to-file");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_file(&link, "new", true).unwrap();
        assert_eq!((kind(&link), fs::read_to_string(&file).unwrap().as_str()), ("file", "old"));
        write_file(&file, "new", true).unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn planted_symlinks_are_not_followed() {
        let dir = scratch("symlink");
        let out = dir.join("report");
        let victim = dir.join("victim");
        fs::create_dir_all(&victim).unwrap();
        fs::write(victim.join("a.csv"), "precious").unwrap();
        write_tree(&out, &files("first"), &lock_tree(&out).unwrap()).unwrap();
        // A link planted inside the report is replaced with the report, never written through.
        fs::remove_dir_all(out.join("csv")).unwrap();
        std::os::unix::fs::symlink(&victim, out.join("csv")).unwrap();
        write_tree(&out, &files("second"), &lock_tree(&out).unwrap()).unwrap();
        assert_eq!(fs::read_to_string(victim.join("a.csv")).unwrap(), "precious");
        assert!(!fs::symlink_metadata(out.join("csv")).unwrap().file_type().is_symlink());
        // The output itself a link: refused.
        let link = dir.join("link");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(write_tree(&link, &files("x"), &lock_tree(&link).unwrap()).unwrap_err().contains("symbolic link"));
        assert_eq!(fs::read_dir(&victim).unwrap().count(), 1);
        // A directory that is not a report is not replaced; one an older parsheet wrote is.
        assert!(write_tree(&victim, &files("x"), &lock_tree(&victim).unwrap()).unwrap_err().contains("not a parsheet report"));
        let older = dir.join("older");
        fs::create_dir_all(&older).unwrap();
        fs::write(older.join("report.json"), "{\n  \"schema\": \"parsheet-report/1\",\n}").unwrap();
        write_tree(&older, &files("x"), &lock_tree(&older).unwrap()).unwrap();
        // A single file: an existing one, or a link, is refused without --force and replaced
        // (not written through) with it.
        let file = dir.join("mine.json");
        std::os::unix::fs::symlink(victim.join("a.csv"), &file).unwrap();
        assert!(write_file(&file, "new", false).unwrap_err().contains("--force"));
        write_file(&file, "new", true).unwrap();
        assert_eq!(fs::read_to_string(victim.join("a.csv")).unwrap(), "precious");
        assert_eq!(fs::read_to_string(&file).unwrap(), "new");
        fs::remove_dir_all(&dir).unwrap();
    }
}
