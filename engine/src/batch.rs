//! Solving many boards on several threads.
//!
//! Threads take boards from a shared queue (a lock around the iterator over the boards), a few
//! at a time while many are left and one at a time near the end ([`MAX_TAKE`], [`TAKE_SHARE`]),
//! so a thread that meets hard puzzles simply takes fewer of them and all finish together. The
//! lock is held only to take the next boards. The calling thread works too, so `threads` counts
//! it.

#![forbid(unsafe_code)]

use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError};
use std::thread;

use crate::board::{Board, CELLS, Error};

/// The most boards a thread takes from the queue at once: on easy puzzles (a couple of
/// microseconds each) taking the lock for every board costs a few percent of two threads'
/// throughput, the lock's cache line moving between cores each time.
const MAX_TAKE: usize = 16;

/// A thread takes at most 1 / (`TAKE_SHARE` × threads) of what is left, so that near the end
/// boards go one at a time and the threads finish together even when the last ones are hard.
const TAKE_SHARE: usize = 4;

/// Solves one 81-byte board in place exactly as the C `sudoku_solve` does: on failure the bytes
/// are left as they were.
fn solve_in_place(board: &mut [u8; CELLS]) -> Result<(), Error> {
    let solution = Board::from_bytes(board)?.solve()?;
    *board = solution.to_bytes();
    Ok(())
}

/// The number of threads to use: `threads`, or every available core when it is 0, but never
/// more than there are boards.
pub(crate) fn thread_count(threads: usize, boards: usize) -> usize {
    // WebAssembly without the atomics feature (wasm32-unknown-unknown) has no threads: everything
    // runs on the calling thread, whatever `threads` says, and the spawning code is left out.
    if cfg!(all(target_family = "wasm", not(target_feature = "atomics"))) {
        return boards.min(1);
    }
    let wanted = match threads {
        // Asking the system allocates (it reads cgroup files): not for a single board.
        0 if boards > 1 => thread::available_parallelism().map_or(1, NonZeroUsize::get),
        0 => 1,
        n => n,
    };
    wanted.min(boards)
}

/// Solves each board of `boards` in place (81 bytes of text each, as [`Board::from_bytes`]
/// reads them), exactly as one [`Board::solve`] per board would: a board that fails is left
/// unchanged. `statuses`, when given, receives each board's outcome.
///
/// Runs on `threads` threads, the calling one included; 0 means one per available core
/// ([`std::thread::available_parallelism`]). Never uses more threads than there are boards; with
/// `threads` 1, or one board, everything runs on the calling thread and nothing is allocated.
/// Otherwise it allocates what finding the core count (for 0) and spawning the threads need,
/// once per call. If the system refuses a thread, the others do its share.
///
/// Panics if `statuses` is not as long as `boards`.
///
/// ```
/// let mut boards = [*b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"; 4];
/// boards[2][1] = b'5'; // a clash in row 0
/// let mut statuses = [Ok(()); 4];
/// sudoku_engine::solve_batch(&mut boards, 2, Some(&mut statuses));
/// assert!(statuses[2].is_err() && statuses[3].is_ok());
/// assert_eq!(boards[3][2], b'4');
/// ```
pub fn solve_batch(
    boards: &mut [[u8; CELLS]],
    threads: usize,
    statuses: Option<&mut [Result<(), Error>]>,
) {
    solve_batch_with(boards, threads, statuses, |result| result);
}

/// [`solve_batch`] storing each outcome through `status` (the C layer stores C status codes).
pub fn solve_batch_with<T: Send>(
    boards: &mut [[u8; CELLS]],
    threads: usize,
    statuses: Option<&mut [T]>,
    status: impl Fn(Result<(), Error>) -> T + Sync,
) {
    if let Some(s) = &statuses {
        assert_eq!(s.len(), boards.len(), "one status per board");
    }
    let threads = thread_count(threads, boards.len());
    let mut slots = statuses.map(|s| s.iter_mut());
    let queue = Mutex::new(
        boards
            .iter_mut()
            .map(move |board| (board, slots.as_mut().and_then(Iterator::next))),
    );
    let work = || {
        let mut taken: [Option<_>; MAX_TAKE] = std::array::from_fn(|_| None);
        loop {
            {
                // Nothing can panic while the lock is held, but a poisoned queue is still usable.
                let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
                let take = (queue.len() / (TAKE_SHARE * threads)).clamp(1, MAX_TAKE);
                for place in &mut taken[..take] {
                    *place = queue.next();
                }
            }
            if taken[0].is_none() {
                return;
            }
            for (board, slot) in taken.iter_mut().map_while(Option::take) {
                let result = solve_in_place(board);
                if let Some(slot) = slot {
                    *slot = status(result);
                }
            }
        }
    };
    if threads <= 1 {
        work();
        return;
    }
    thread::scope(|scope| {
        // A thread the system refuses is simply not there: the others take its boards.
        let workers: Vec<_> = (1..threads)
            .filter_map(|_| thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        work();
        // Joined here rather than left to the scope, which waits only for their work to end:
        // once this returns, every worker thread has exited, so none outlives the call. A
        // worker's panic is passed on, as the scope would have done (the C layer turns it into
        // SUDOKU_ERR_INTERNAL).
        let mut panic = None;
        for worker in workers {
            if let Err(payload) = worker.join() {
                panic.get_or_insert(payload);
            }
        }
        if let Some(payload) = panic {
            std::panic::resume_unwind(payload);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A panic on a worker thread reaches the caller (and so the C layer's panic boundary), even
    /// though the workers are joined one by one.
    #[test]
    fn a_worker_panic_reaches_the_caller() {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};
        let caller = thread::current().id();
        let worker_entered = AtomicBool::new(false);
        let mut boards = [[b'.'; CELLS]; 64];
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut statuses = [0u8; 64];
            solve_batch_with(&mut boards, 2, Some(&mut statuses), |_| {
                if thread::current().id() != caller {
                    worker_entered.store(true, Ordering::SeqCst);
                    panic!("worker panics");
                }
                // The caller holds its first board until the worker has taken one of its own,
                // so the worker surely runs this callback (the timeout only guards a hang).
                let start = Instant::now();
                while !worker_entered.load(Ordering::SeqCst) {
                    assert!(start.elapsed() < Duration::from_secs(60), "no worker ran");
                    thread::yield_now();
                }
                1
            });
        }));
        assert!(worker_entered.load(Ordering::SeqCst));
        assert!(outcome.is_err());
    }

    #[test]
    fn never_more_threads_than_boards() {
        assert_eq!(thread_count(8, 3), 3);
        assert_eq!(thread_count(2, 100), 2);
        assert_eq!(thread_count(5, 0), 0);
        let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(thread_count(0, 1000), cores.min(1000));
    }
}
