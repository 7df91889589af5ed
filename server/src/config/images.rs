//! The company's own pictures, checked at start-up: a site that is no demo must
//! not show the demo's artwork (the built-in share preview carries the demo
//! company's name, the built-in quality mark is an example), and a replacement
//! must be what link previews can show.
use super::{site::CompanySettings, ConfigError};

/// The share preview's size, as Open Graph and WhatsApp show it best.
pub const SHARE_IMAGE_SIZE: (usize, usize) = (1200, 630);

pub fn check(company: &CompanySettings) -> Result<(), ConfigError> {
    if company.share_image_file.is_empty() {
        if !company.demo {
            return Err(ConfigError::new(
                "company.share_image_file",
                format!(
                    "a site with company.demo = false needs a share preview of its own: the built-in one shows \
                     the demo company's name. Draw one with `node scripts/share-image.mjs \"{}\" share.png` \
                     (a {}×{} PNG) and name the file here",
                    company.name, SHARE_IMAGE_SIZE.0, SHARE_IMAGE_SIZE.1
                ),
            ));
        }
    } else {
        share_image(&company.share_image_file)
            .map_err(|message| ConfigError::new("company.share_image_file", message))?;
    }
    if !company.quality_mark_file.is_empty() && company.quality_mark_name.trim().is_empty() {
        return Err(ConfigError::new(
            "company.quality_mark_name",
            "name the quality mark shown from company.quality_mark_file (its text for people who cannot see it)",
        ));
    }
    Ok(())
}

/// A PNG or JPEG of exactly [`SHARE_IMAGE_SIZE`].
fn share_image(path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let kind = imagesize::image_type(&bytes).map_err(|_| format!("{path} is not an image"))?;
    if !matches!(kind, imagesize::ImageType::Png | imagesize::ImageType::Jpeg) {
        return Err(format!("{path} is {kind:?}; link previews need PNG or JPEG"));
    }
    let size = imagesize::blob_size(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if (size.width, size.height) != SHARE_IMAGE_SIZE {
        return Err(format!(
            "{path} is {}×{} pixels; it must be {}×{} (1.91:1, as link previews crop)",
            size.width, size.height, SHARE_IMAGE_SIZE.0, SHARE_IMAGE_SIZE.1
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;

    fn png(width: u32, height: u32) -> Vec<u8> {
        // Signature and IHDR: all a size check reads.
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    #[test]
    fn a_site_without_demo_needs_its_own_share_image_of_the_right_kind() {
        let mut company = Settings::load_from(&Default::default()).unwrap().company;
        assert!(check(&company).is_ok(), "the demo may show its own artwork");
        company.demo = false;
        let err = check(&company).unwrap_err();
        assert_eq!(err.setting, "company.share_image_file");
        assert!(err.message.contains("scripts/share-image.mjs"), "{}", err.message);

        let dir = std::env::temp_dir().join(format!("taxi-images-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path.to_string_lossy().into_owned()
        };
        company.share_image_file = write("right.png", &png(1200, 630));
        assert!(check(&company).is_ok());
        company.share_image_file = write("square.png", &png(800, 800));
        assert!(check(&company).unwrap_err().message.contains("800×800"));
        company.share_image_file = write("logo.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        assert!(check(&company).is_err());
        company.share_image_file = dir.join("missing.png").to_string_lossy().into_owned();
        assert!(check(&company).unwrap_err().message.contains("cannot read"));

        company.share_image_file = write("right.png", &png(1200, 630));
        company.quality_mark_file = write("mark.svg", b"<svg/>");
        assert_eq!(check(&company).unwrap_err().setting, "company.quality_mark_name");
        company.quality_mark_name = "Keurmerk Taxivervoer".into();
        assert!(check(&company).is_ok());
    }
}
