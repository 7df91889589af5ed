//! `mail.smtp_ca_file`: root certificates to trust for the mail server's TLS
//! besides the bundled Mozilla roots, for a relay whose certificate a private
//! CA signed (a company's own mail server, a relay inside a VPN). Read and
//! parsed once, with the settings: a file that is missing, unreadable or holds
//! no usable certificate stops the start, and `taxi-server check`, with a
//! message naming the setting, instead of failing every mail later as "TLS
//! trouble". Certificates are always checked: there is no switch to accept a
//! certificate nobody vouches for.
use lettre::transport::smtp::client::{Certificate, CertificateStore, TlsParameters};
use rustls_pki_types::{pem::PemObject, CertificateDer};
use serde::Deserialize;

/// The extra roots of `mail.smtp_ca_file` (none when it is empty).
#[derive(Clone, Default, Deserialize)]
#[serde(try_from = "String")]
pub struct SmtpCaFile {
    file: Option<String>,
    roots: Vec<Certificate>,
}

impl TryFrom<String> for SmtpCaFile {
    type Error = String;

    fn try_from(file: String) -> Result<Self, String> {
        if file.is_empty() {
            return Ok(Self::default());
        }
        let pem = std::fs::read(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
        let ders = CertificateDer::pem_slice_iter(&pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("{file} is not a PEM file of certificates ({e})"))?;
        if ders.is_empty() {
            return Err(format!(
                "{file} holds no certificate: it must be PEM, the CA's certificate between \
                 -----BEGIN CERTIFICATE----- and -----END CERTIFICATE-----"
            ));
        }
        let mut roots = Vec::with_capacity(ders.len());
        for (n, der) in ders.into_iter().enumerate() {
            let unusable = |e: &dyn std::fmt::Display| {
                format!("certificate {} of {file} cannot be a root to trust: {e}", n + 1)
            };
            let root = Certificate::from_der(der.to_vec()).map_err(|e| unusable(&e))?;
            // What the TLS client does with it: a certificate it cannot take as a root fails here.
            TlsParameters::builder("localhost".into())
                .certificate_store(CertificateStore::None)
                .add_root_certificate(root.clone())
                .build()
                .map_err(|e| unusable(&e))?;
            roots.push(root);
        }
        Ok(Self { file: Some(file), roots })
    }
}

impl std::fmt::Debug for SmtpCaFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SmtpCaFile({:?}, {} roots)", self.file, self.roots.len())
    }
}

impl SmtpCaFile {
    /// The file the extra roots came from, if any.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// TLS to `host`, trusting the bundled roots and these.
    pub fn tls_parameters(&self, host: String) -> Result<TlsParameters, lettre::transport::smtp::Error> {
        self.roots
            .iter()
            .fold(TlsParameters::builder(host), |builder, root| builder.add_root_certificate(root.clone()))
            .build()
    }
}

/// A CA's certificate made afresh (PEM), and a file of `text`: for the tests here and in `mail`.
#[cfg(test)]
pub(crate) mod test_files {
    pub fn ca_pem() -> String {
        let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        ca.self_signed(&rcgen::KeyPair::generate().unwrap()).unwrap().pem()
    }

    pub fn file(name: &str, text: &str) -> String {
        let dir = std::env::temp_dir().join(format!("taxi-ca-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::test_files::{ca_pem, file};
    use super::*;

    #[test]
    fn every_certificate_of_the_file_is_taken() {
        // An old and a new CA, while a relay moves from one to the other.
        let path = file("two-cas.pem", &format!("{}{}", ca_pem(), ca_pem()));
        let roots = SmtpCaFile::try_from(path.clone()).unwrap();
        assert_eq!(format!("{roots:?}"), format!("SmtpCaFile(Some({path:?}), 2 roots)"));
        assert_eq!(roots.file(), Some(path.as_str()));
        assert!(roots.tls_parameters("relay.local".into()).is_ok());
    }

    #[test]
    fn a_file_that_is_missing_or_holds_no_usable_certificate_is_refused_with_its_name() {
        assert!(SmtpCaFile::try_from(String::new()).unwrap().file().is_none());
        let missing = SmtpCaFile::try_from("/nonexistent/relay-ca.pem".to_string()).unwrap_err();
        assert!(missing.starts_with("cannot read /nonexistent/relay-ca.pem: "), "{missing}");
        let key = file("key.pem", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
        let said = SmtpCaFile::try_from(key.clone()).unwrap_err();
        assert!(said.starts_with(&format!("{key} holds no certificate")), "{said}");
        let cut = file("cut.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n");
        let said = SmtpCaFile::try_from(cut.clone()).unwrap_err();
        assert!(said.starts_with(&format!("{cut} is not a PEM file of certificates")), "{said}");
        // Base64 of bytes that are no certificate.
        let junk = file("junk.pem", "-----BEGIN CERTIFICATE-----\naGVsbG8=\n-----END CERTIFICATE-----\n");
        let said = SmtpCaFile::try_from(junk.clone()).unwrap_err();
        assert!(said.starts_with(&format!("certificate 1 of {junk} cannot be a root")), "{said}");
    }
}
