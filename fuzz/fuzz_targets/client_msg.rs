//! Protocol decoding: any bytes as a client's text frame (`ClientMsg`), as the server reads it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    sgs_fuzz::decode_client_msg(data);
});
