//! `parsheet`: the command line over the parsheet crates.
//!
//! Each subcommand parses its arguments with clap, calls into the math crates (which do no I/O),
//! and renders the result as a table for people or JSON for programs. Numbers that are exact
//! (counts, totals) are printed as integers, in JSON as strings so that no reader rounds them.
//! Long computations draw a progress bar on standard error when it is a terminal.

mod frequencies;
mod progress;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "parsheet", version, about = "Exact mathematics of casino table games")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count every hand of a deck by category: the frequency table a PAR sheet opens with.
    Frequencies(frequencies::Args),
}

/// How to print a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// An aligned text table.
    Table,
    /// JSON on one line per document; exact integers as strings.
    Json,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Frequencies(args) => frequencies::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("parsheet: {message}");
            ExitCode::FAILURE
        }
    }
}
