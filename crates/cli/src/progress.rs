//! A progress bar on standard error, drawn only when standard error is a terminal.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Progress {
    label: String,
    total: u64,
    state: Option<Mutex<(Instant, u64)>>,
}

impl Progress {
    /// A bar for `total` units of work; invisible unless stderr is a terminal.
    pub fn new(label: impl Into<String>, total: u64) -> Progress {
        let visible = std::io::stderr().is_terminal();
        let state = visible.then(|| Mutex::new((Instant::now() - Duration::from_secs(1), 0)));
        let total = total.max(1);
        Progress { label: label.into(), total, state }
    }

    /// Reports that `done` units are complete (callers may report out of order).
    pub fn set(&self, done: u64) {
        let Some(state) = &self.state else { return };
        let mut s = state.lock().unwrap();
        if done <= s.1 || (s.0.elapsed() < Duration::from_millis(100) && done < self.total) {
            s.1 = s.1.max(done);
            return;
        }
        *s = (Instant::now(), done);
        let fraction = done as f64 / self.total.max(1) as f64;
        let width = 30;
        let filled = (fraction * width as f64).round() as usize;
        eprint!("\r{} [{}{}] {:>5.1}%", self.label, "#".repeat(filled), "-".repeat(width - filled), 100.0 * fraction);
        let _ = std::io::stderr().flush();
    }

    /// Reports `done` of `total` units where the total is only known as work proceeds (drawn
    /// against this bar's own total).
    pub fn set_fraction(&self, done: u64, total: u64) {
        self.set(if total == 0 { self.total } else { (done as u128 * self.total as u128 / total as u128) as u64 });
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if self.state.is_some() {
            eprint!("\r{}\r", " ".repeat(self.label.len() + 42));
            let _ = std::io::stderr().flush();
        }
    }
}
