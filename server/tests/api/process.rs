//! The real binary as a child process: started from a prepared command, its
//! port read from the start-up log, every log line kept (the pipe is always
//! drained, so the server never blocks on it), killed when dropped.
use std::{
    io::{BufRead, BufReader, Read, Write},
    net::TcpStream,
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    thread::JoinHandle,
    time::Duration,
};

pub(crate) struct Process {
    pub(crate) child: Child,
    pub(crate) port: u16,
    /// Every log line so far.
    pub(crate) log: Arc<Mutex<Vec<String>>>,
    /// Reads the log until the server closes its output.
    log_reader: Option<JoinHandle<()>>,
}

/// `command` with the settings every test process shares: any port, the
/// data directory, no pages rendered ahead, no outside services.
pub(crate) fn server_command(mut command: Command, data_dir: &std::path::Path, log_format: &str) -> Command {
    command
        .env("TAXI_LISTEN", "127.0.0.1:0")
        .env("TAXI_DATA_DIR", data_dir)
        .env("TAXI_LOG_FORMAT", log_format)
        .env_remove("TAXI_CONFIG")
        .env_remove("TAXI_SMTP_URL")
        .env_remove("TAXI_GOOGLE_MAPS_KEY");
    command
}

impl Process {
    /// Starts `command` and waits for the line naming its port.
    pub(crate) fn spawn(mut command: Command) -> Process {
        let mut child =
            command.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().expect("taxi-server starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let log = Arc::new(Mutex::new(Vec::new()));
        let port = loop {
            let line = lines.next().expect("a start-up line").unwrap();
            log.lock().unwrap().push(line.clone());
            if let Some(rest) = line.split("listening on http://127.0.0.1:").nth(1) {
                break rest.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap();
            }
        };
        let sink = log.clone();
        let log_reader = std::thread::spawn(move || {
            lines.map_while(Result::ok).for_each(|line| sink.lock().unwrap().push(line))
        });
        Process { child, port, log, log_reader: Some(log_reader) }
    }

    pub(crate) fn connect(&self) -> std::io::Result<TcpStream> {
        let stream = TcpStream::connect(("127.0.0.1", self.port))?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(stream)
    }

    /// The whole answer to a plain GET, head and body.
    pub(crate) fn get(&self, path: &str) -> String {
        let mut stream = self.connect().unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    }

    /// The whole log, once the server has exited.
    pub(crate) fn final_log(&mut self) -> Vec<String> {
        self.log_reader.take().expect("read once").join().unwrap();
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
