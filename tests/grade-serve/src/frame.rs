//! The messages on a check's request and answer pipes: each is its length
//! as four little-endian bytes, then the message in postcard's compact
//! binary form. Large answers (thousands of decks) are most of what a check
//! sends, and JSON cost more to write and read than the student's code took
//! to shuffle them.

use std::io::{self, Read, Write};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Writes one message in a single write, so that a child blocked on the
/// pipe wakes once per message.
///
/// # Errors
///
/// When the message cannot be encoded or the pipe is closed.
pub fn write<T: Serialize>(pipe: &mut impl Write, message: &T) -> io::Result<()> {
    let mut bytes = vec![0; 4];
    bytes = postcard::to_extend(message, bytes).map_err(io::Error::other)?;
    let length = u32::try_from(bytes.len() - 4).map_err(io::Error::other)?;
    bytes[..4].copy_from_slice(&length.to_le_bytes());
    pipe.write_all(&bytes)?;
    pipe.flush()
}

/// Why a message could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The pipe closed between messages.
    Ended,
    /// The length says more than `max` bytes.
    TooLong,
    /// The pipe closed mid-message, or the bytes are not a message.
    Garbled,
    /// The read itself failed.
    Failed(String),
}

/// Reads one message of at most `max` bytes.
///
/// # Errors
///
/// See [`ReadError`].
pub fn read<T: DeserializeOwned>(pipe: &mut impl Read, max: u32) -> Result<T, ReadError> {
    let mut length = [0; 4];
    let mut got = 0;
    while got < 4 {
        match pipe.read(&mut length[got..]) {
            Ok(0) if got == 0 => return Err(ReadError::Ended),
            Ok(0) => return Err(ReadError::Garbled),
            Ok(n) => got += n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(ReadError::Failed(error.to_string())),
        }
    }
    let length = u32::from_le_bytes(length);
    if length > max {
        return Err(ReadError::TooLong);
    }
    let mut bytes = vec![0; length as usize];
    match pipe.read_exact(&mut bytes) {
        Ok(()) => decode(&bytes),
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => Err(ReadError::Garbled),
        Err(error) => Err(ReadError::Failed(error.to_string())),
    }
}

/// Decodes one message's bytes, read without their length.
///
/// # Errors
///
/// [`ReadError::Garbled`] when the bytes are not such a message.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ReadError> {
    postcard::from_bytes(bytes).map_err(|_| ReadError::Garbled)
}

/// Takes the first whole message of at most `max` bytes off the front of
/// `pending`, as a reader that waits on several pipes at once and reads
/// whatever is there needs: `Ok(None)` until a whole message has arrived.
///
/// # Errors
///
/// [`ReadError::TooLong`] when the length says more than `max` bytes, and
/// [`ReadError::Garbled`] when the bytes are not a message (they are taken
/// off all the same).
pub fn take<T: DeserializeOwned>(pending: &mut Vec<u8>, max: u32) -> Result<Option<T>, ReadError> {
    let Some(header) = pending.first_chunk::<4>() else {
        return Ok(None);
    };
    let length = u32::from_le_bytes(*header);
    if length > max {
        return Err(ReadError::TooLong);
    }
    let end = 4 + length as usize;
    if pending.len() < end {
        return Ok(None);
    }
    let message = decode(&pending[4..end]);
    pending.drain(..end);
    message.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_and_bad_ones_are_told_apart() {
        let mut pipe = Vec::new();
        write(&mut pipe, &vec![vec![1_i32, -2, 3]; 2]).unwrap();
        write(&mut pipe, &"done".to_string()).unwrap();
        let mut reader = pipe.as_slice();
        assert_eq!(
            read::<Vec<Vec<i32>>>(&mut reader, 100),
            Ok(vec![vec![1, -2, 3]; 2])
        );
        assert_eq!(read::<String>(&mut reader, 100), Ok("done".into()));
        assert_eq!(read::<String>(&mut reader, 100), Err(ReadError::Ended));

        let mut long = Vec::new();
        write(&mut long, &vec![0_u8; 200]).unwrap();
        assert_eq!(
            read::<Vec<u8>>(&mut long.as_slice(), 100),
            Err(ReadError::TooLong)
        );
        assert_eq!(
            read::<Vec<u8>>(&mut &long[..10], 1000),
            Err(ReadError::Garbled)
        );
        assert_eq!(
            read::<Vec<u8>>(&mut &[1, 0, 0, 0, 0xff][..], 1000),
            Err(ReadError::Garbled)
        );
    }

    /// A reader that buffers whatever arrived takes whole messages off the
    /// front, and waits for the rest of a partial one.
    #[test]
    fn whole_messages_come_off_a_buffer() {
        let mut pipe = Vec::new();
        write(&mut pipe, &"one".to_string()).unwrap();
        write(&mut pipe, &"two".to_string()).unwrap();
        let mut pending = pipe[..pipe.len() - 1].to_vec();
        assert_eq!(take::<String>(&mut pending, 100), Ok(Some("one".into())));
        assert_eq!(take::<String>(&mut pending, 100), Ok(None));
        pending.push(*pipe.last().unwrap());
        assert_eq!(take::<String>(&mut pending, 100), Ok(Some("two".into())));
        assert!(pending.is_empty());
        let mut long = Vec::new();
        write(&mut long, &vec![0_u8; 200]).unwrap();
        assert_eq!(take::<Vec<u8>>(&mut long, 100), Err(ReadError::TooLong));
    }
}
