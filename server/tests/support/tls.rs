//! A private CA and a certificate it signed for 127.0.0.1, made afresh by the
//! test (rcgen, nothing fetched): the SMTP sink (`tests/smtp_sink.py`) offers
//! TLS with the certificate, and the server trusts the CA only through
//! `mail.smtp_ca_file`, as a site whose relay has a private CA does.
use std::path::{Path, PathBuf};

use rcgen::{
    BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair,
    KeyUsagePurpose,
};

/// The PEM files, in the directory given to [`PrivateCa::new`].
pub struct PrivateCa {
    /// The CA's certificate: what `mail.smtp_ca_file` names.
    pub ca_file: PathBuf,
    /// The relay's certificate for 127.0.0.1 and its key: what the sink serves.
    pub cert_file: PathBuf,
    pub key_file: PathBuf,
}

impl PrivateCa {
    pub fn new(dir: &Path) -> PrivateCa {
        std::fs::create_dir_all(dir).unwrap();
        let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name.push(DnType::CommonName, "Taxi test relay CA");
        ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let ca_key = KeyPair::generate().unwrap();
        let ca_cert = ca.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(ca, ca_key);

        let mut relay =
            CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()]).unwrap();
        relay.distinguished_name.push(DnType::CommonName, "sink.test");
        relay.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        let relay_key = KeyPair::generate().unwrap();
        let relay_cert = relay.signed_by(&relay_key, &issuer).unwrap();

        let files = PrivateCa {
            ca_file: dir.join("ca.pem"),
            cert_file: dir.join("relay.pem"),
            key_file: dir.join("relay-key.pem"),
        };
        std::fs::write(&files.ca_file, ca_cert.pem()).unwrap();
        std::fs::write(&files.cert_file, relay_cert.pem()).unwrap();
        std::fs::write(&files.key_file, relay_key.serialize_pem()).unwrap();
        files
    }

    /// The sink's arguments to offer STARTTLS with the relay's certificate.
    pub fn sink_args(&self) -> Vec<String> {
        vec![
            "--tls-cert".into(),
            self.cert_file.display().to_string(),
            "--tls-key".into(),
            self.key_file.display().to_string(),
        ]
    }

    /// `[mail]`'s line that trusts this CA.
    pub fn setting(&self) -> String {
        format!("smtp_ca_file = \"{}\"\n", self.ca_file.display())
    }
}
