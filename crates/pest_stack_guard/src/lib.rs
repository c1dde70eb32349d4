//! relic's build of `pest_stack_guard`, the one function pest calls before
//! it enters a rule: how much native stack is left (pest refuses the input
//! with "stack limit reached" when under 64 KiB remain, instead of
//! overflowing).
//!
//! The published crate asks `stacker`, which asks glibc's
//! `pthread_getattr_np`; for a process's main thread glibc answers by
//! reading and `sscanf`-parsing `/proc/self/maps`, about an eighth of what
//! a small `relic check BOARD` process executes (issue 31 item 6). Here the
//! main thread's bounds come from what the kernel guarantees instead: the
//! stack grows down from just above `__libc_stack_end` by at most
//! `RLIMIT_STACK`, and the program's arguments and environment, which lie
//! above `__libc_stack_end`, take at most a quarter of that limit. The
//! bound is conservative: it never reports more room than there is. Other
//! threads (whose bounds glibc keeps without reading any file) and other
//! targets are answered as before.
//!
//! The root `Cargo.toml` puts this crate in place of the published one
//! with `[patch.crates-io]`.
//!
//! ```
//! let left = pest_stack_guard::remaining_stack();
//! assert!(left.is_none_or(|bytes| bytes > 64 * 1024));
//! ```

#![warn(missing_docs)]

/// The native stack left below the caller, in bytes, if known.
#[inline]
pub fn remaining_stack() -> Option<usize> {
    imp::remaining_stack()
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod imp {
    use std::cell::Cell;
    use std::ffi::c_void;
    use std::mem::MaybeUninit;

    /// Room kept above `__libc_stack_end` beyond a quarter of the limit:
    /// the auxiliary vector, the random bytes, the alignment.
    const SLACK_ABOVE: usize = 64 * 1024;

    /// What the main thread assumes when its stack has no limit.
    const UNLIMITED_AS: usize = 8 * 1024 * 1024;

    unsafe extern "C" {
        /// The stack pointer at the program's entry, kept by the loader.
        static __libc_stack_end: *const c_void;
    }

    /// `LIMIT` before this thread has asked.
    const NOT_ASKED: usize = usize::MAX;
    /// `LIMIT` when this thread's stack bounds are not known.
    const NOT_KNOWN: usize = usize::MAX - 1;

    thread_local! {
        /// The lowest usable stack address of this thread, or `NOT_ASKED`
        /// or `NOT_KNOWN`. One plain word, so that reading it costs a load:
        /// pest asks before every rule it enters.
        static LIMIT: Cell<usize> = const { Cell::new(NOT_ASKED) };
    }

    #[inline]
    pub fn remaining_stack() -> Option<usize> {
        let here = stack_pointer();
        let limit = match LIMIT.get() {
            NOT_ASKED => first_ask(here),
            limit => limit,
        };
        (limit != NOT_KNOWN).then(|| here.saturating_sub(limit))
    }

    /// Works out this thread's limit and keeps it in `LIMIT`.
    #[cold]
    #[inline(never)]
    fn first_ask(here: usize) -> usize {
        let limit = main_thread_limit(here)
            .or_else(thread_limit)
            .map_or(NOT_KNOWN, |limit| limit.min(NOT_KNOWN - 1));
        LIMIT.set(limit);
        limit
    }

    /// The address of a local of the caller's frame.
    #[inline(always)]
    fn stack_pointer() -> usize {
        let marker = 0u8;
        std::hint::black_box(&marker) as *const u8 as usize
    }

    /// The main thread's limit, when `here` lies on the main thread's stack.
    fn main_thread_limit(here: usize) -> Option<usize> {
        // SAFETY: the loader sets this pointer-sized static before any code
        // of the program runs, and nothing writes it afterwards.
        let top = unsafe { __libc_stack_end } as usize;
        let size = stack_rlimit()?;
        let lowest = top.checked_sub(size)?;
        if !(lowest..=top).contains(&here) {
            return None;
        }
        Some(lowest + size / 4 + SLACK_ABOVE)
    }

    /// `RLIMIT_STACK`'s soft limit (`UNLIMITED_AS` where unlimited).
    fn stack_rlimit() -> Option<usize> {
        let mut limit = MaybeUninit::<libc::rlimit>::uninit();
        // SAFETY: `getrlimit` writes the struct it is given when it succeeds.
        if unsafe { libc::getrlimit(libc::RLIMIT_STACK, limit.as_mut_ptr()) } != 0 {
            return None;
        }
        // SAFETY: initialised by the successful call above.
        let current = unsafe { limit.assume_init() }.rlim_cur;
        if current == libc::RLIM_INFINITY {
            return Some(UNLIMITED_AS);
        }
        usize::try_from(current).ok().map(|size| size.min(1 << 40))
    }

    /// Any thread's limit as glibc keeps it.
    fn thread_limit() -> Option<usize> {
        let mut attr = MaybeUninit::<libc::pthread_attr_t>::uninit();
        // SAFETY: the attribute object is initialised before use and
        // destroyed once; the out-pointers are valid locals.
        unsafe {
            if libc::pthread_attr_init(attr.as_mut_ptr()) != 0 {
                return None;
            }
            let mut bottom = std::ptr::null_mut();
            let mut size = 0;
            let known = libc::pthread_getattr_np(libc::pthread_self(), attr.as_mut_ptr()) == 0
                && libc::pthread_attr_getstack(attr.as_ptr(), &mut bottom, &mut size) == 0;
            libc::pthread_attr_destroy(attr.as_mut_ptr());
            known.then_some(bottom as usize)
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod imp {
    pub fn remaining_stack() -> Option<usize> {
        stacker::remaining_stack()
    }
}

#[cfg(test)]
mod tests {
    use super::remaining_stack;

    #[test]
    fn the_room_left_shrinks_deeper_down() {
        fn deeper(depth: usize) -> usize {
            let pad = [depth as u8; 4096];
            std::hint::black_box(&pad);
            if depth == 0 {
                remaining_stack().unwrap()
            } else {
                deeper(depth - 1)
            }
        }
        let here = remaining_stack().unwrap();
        assert!(here > 64 * 1024);
        assert!(deeper(8) < here);
    }

    /// glibc may hand a new thread a cached stack up to four times the
    /// size asked for (such as one left by another test's thread, 2 MiB
    /// each, as the first spawn here leaves one), so the thread asks for a
    /// quarter of a MiB: any stack it gets is at most 1 MiB, far below the
    /// several MiB the main thread's bound would give.
    #[test]
    fn a_thread_knows_its_own_stack() {
        const ASKED: usize = 256 * 1024;
        let cached = std::thread::Builder::new().stack_size(2 << 20);
        cached.spawn(|| ()).unwrap().join().unwrap();
        std::thread::Builder::new()
            .stack_size(ASKED)
            .spawn(|| {
                let left = remaining_stack().unwrap();
                assert!(left > 64 * 1024 && left <= 4 * ASKED, "{left}");
            })
            .unwrap()
            .join()
            .unwrap();
    }
}
