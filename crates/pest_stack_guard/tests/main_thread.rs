//! The main thread's answer, checked against glibc's own account of the
//! main thread's stack (which reads /proc/self/maps): never more room than
//! glibc says, and less by at most the quarter of the limit kept for the
//! arguments and environment.

fn main() {
    let ours = pest_stack_guard::remaining_stack().expect("the main thread's stack is known");
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let glibc = glibc_remaining();
        let limit = stack_rlimit();
        assert!(ours <= glibc, "ours {ours} > glibc's {glibc}");
        // Unlimited (`None`): glibc counts the whole address space below.
        assert!(
            limit.is_none_or(|limit| glibc - ours <= limit / 4 + 128 * 1024),
            "ours {ours} far under glibc's {glibc} (limit {limit:?})"
        );
    }
    assert!(ours > 64 * 1024, "{ours}");
    println!("main thread: {ours} bytes of stack left: ok");
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn glibc_remaining() -> usize {
    let marker = 0u8;
    let here = std::hint::black_box(&marker) as *const u8 as usize;
    let mut attr = std::mem::MaybeUninit::<libc::pthread_attr_t>::uninit();
    let mut bottom = std::ptr::null_mut();
    let mut size = 0;
    // SAFETY: initialised, read and destroyed once; out-pointers are locals.
    unsafe {
        assert_eq!(libc::pthread_attr_init(attr.as_mut_ptr()), 0);
        assert_eq!(
            libc::pthread_getattr_np(libc::pthread_self(), attr.as_mut_ptr()),
            0
        );
        assert_eq!(
            libc::pthread_attr_getstack(attr.as_ptr(), &mut bottom, &mut size),
            0
        );
        libc::pthread_attr_destroy(attr.as_mut_ptr());
    }
    here - bottom as usize
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn stack_rlimit() -> Option<usize> {
    let mut limit = std::mem::MaybeUninit::<libc::rlimit>::uninit();
    // SAFETY: getrlimit fills the struct when it returns 0.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_STACK, limit.as_mut_ptr()), 0);
        let current = limit.assume_init().rlim_cur;
        (current != libc::RLIM_INFINITY).then_some(current as usize)
    }
}
