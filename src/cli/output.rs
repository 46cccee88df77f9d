//! Writing to standard output and error without panicking, and the exit
//! status a subcommand's result becomes.

use std::process::ExitCode;

use anyhow::Result;

/// Standard output could not be written (a closed pipe, a full disk).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
pub struct OutputError(pub std::io::Error);

impl OutputError {
    /// Whether the reader went away (`| head`): then chessdip stops quietly.
    fn broken_pipe(&self) -> bool {
        self.0.kind() == std::io::ErrorKind::BrokenPipe
    }
}

/// The exit status after a closed pipe: what a shell reports for a program
/// stopped by SIGPIPE (128 + 13), as `cat` or `grep` would end.
const BROKEN_PIPE: u8 = 141;

/// `println!` that returns a write error ([`OutputError`]) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err($crate::cli::output::OutputError)?
    }};
}

/// `eprintln!` that does not panic when standard error is closed.
macro_rules! tell {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// The exit status of a subcommand's result: its own on success, 141 when
/// the reader went away, else 2 after printing the error.
pub fn exit_code(result: Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        // The reader went away (`| head`): nothing to say, and no one to say it to.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<OutputError>().is_some_and(OutputError::broken_pipe)
                    || c.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::from(BROKEN_PIPE)
        }
        Err(e) => {
            tell!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
