//! Where the site's mail goes: to the SMTP server of `TAXI_SMTP_URL`, or into
//! the Maildir under the data directory. The Maildir sends nothing: fine for the
//! demo, and for a machine where a program of the owner's delivers or reads it
//! (`mail.maildir_on_purpose`), but a real site that forgot its mail server
//! would take every booking and tell no one. The start refuses that case
//! (`startup`), and `taxi-server check` shows the same message.
use super::{ConfigError, Settings};

/// How mail leaves, as the settings say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailRoute {
    /// `TAXI_SMTP_URL` names a server.
    Smtp,
    /// The demo's Maildir (`company.demo = true`, no server named).
    DemoMaildir,
    /// The Maildir, wanted (`mail.maildir_on_purpose = true`).
    MaildirOnPurpose,
}

impl Settings {
    /// How mail leaves, or the error that stops a site which is no demo while
    /// its mail would stay in the Maildir unasked.
    pub fn mail_route(&self) -> Result<MailRoute, ConfigError> {
        match (self.secrets.smtp_url.is_some(), self.mail.maildir_on_purpose, self.company.demo) {
            (true, ..) => Ok(MailRoute::Smtp),
            (false, true, _) => Ok(MailRoute::MaildirOnPurpose),
            (false, false, true) => Ok(MailRoute::DemoMaildir),
            (false, false, false) => Err(ConfigError::new(
                "TAXI_SMTP_URL",
                format!(
                    "not set while company.demo is false: every booking and message would be written to \
                     {} on this machine and reach no one. Set TAXI_SMTP_URL to your mail server \
                     (smtp://user:password@mail.example.nl:587?tls=required, in the service's environment \
                     file), or set mail.maildir_on_purpose = true when a program on this machine delivers \
                     that Maildir",
                    self.data_dir.join("maildir").display()
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_that_is_no_demo_needs_a_mail_server_or_says_the_maildir_is_wanted() {
        let mut s = Settings::load_from(&Default::default()).unwrap();
        assert_eq!(s.mail_route().unwrap(), MailRoute::DemoMaildir);
        s.company.demo = false;
        let refused = s.mail_route().unwrap_err();
        assert_eq!(refused.setting, "TAXI_SMTP_URL");
        assert!(refused.message.contains("mail.maildir_on_purpose = true"), "{}", refused.message);
        s.mail.maildir_on_purpose = true;
        assert_eq!(s.mail_route().unwrap(), MailRoute::MaildirOnPurpose);
        s.secrets.smtp_url = Some("smtp://127.0.0.1:25".to_string().into());
        assert_eq!(s.mail_route().unwrap(), MailRoute::Smtp);
    }
}
