//! What can go wrong when mail is accepted.
#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    /// Bad mail settings or `TAXI_SMTP_URL`, or a resource the outbox could not
    /// get; names the setting, never a password. The cause, if any, is the source.
    #[error("{what}")]
    Config { what: String, source: Option<std::io::Error> },
    #[error("could not compose the mail: {0}")]
    Compose(String),
    /// The store could not be read or written: the request must not be acknowledged.
    #[error("store: {0}")]
    Store(std::io::Error),
    #[error("the mail outbox is shut down")]
    ShutDown,
}

impl DeliveryError {
    /// A setting that cannot work, named in `what`.
    pub fn config(what: impl Into<String>) -> Self {
        Self::Config { what: what.into(), source: None }
    }

    /// A resource the outbox could not get, and why.
    pub fn config_io(what: impl Into<String>, source: std::io::Error) -> Self {
        Self::Config { what: what.into(), source: Some(source) }
    }
}
