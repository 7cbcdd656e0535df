//===-- FdPassingTest.cpp - A descriptor for another process ----*- C++ -*-===//

#include "Execution/FdPassing.h"
#include "gtest/gtest.h"
#include <cerrno>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace llvm::exegesis;

namespace {

#if defined(__linux__)

/// A pipe and a socket pair, closed at the end of the test.
class FdPassingTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(pipe2(Pipe, O_CLOEXEC), 0);
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, Sockets),
              0);
  }
  void TearDown() override {
    for (int Fd : {Pipe[0], Pipe[1], Sockets[0], Sockets[1]})
      close(Fd);
  }

  /// Whether a byte written to \p Fd comes out of the pipe: \p Fd is a copy
  /// of its write end.
  bool writesToThePipe(int Fd) {
    char Out = 'x', In = 0;
    return write(Fd, &Out, 1) == 1 && read(Pipe[0], &In, 1) == 1 && In == 'x';
  }

  int Pipe[2] = {-1, -1};
  int Sockets[2] = {-1, -1};
};

TEST_F(FdPassingTest, ADescriptorTravelsWithItsMessage) {
  int Message = 42;
  ASSERT_EQ(sendWithFd(Sockets[0], &Message, sizeof(Message), Pipe[1]),
            static_cast<ssize_t>(sizeof(Message)));
  int Received = 0;
  FdMessage M = receiveWithFd(Sockets[1], &Received, sizeof(Received));
  ASSERT_EQ(M.Size, static_cast<ssize_t>(sizeof(Received)));
  EXPECT_EQ(Received, 42);
  ASSERT_GE(M.Fd, 0);
  EXPECT_NE(M.Fd, Pipe[1]);
  EXPECT_FALSE(M.FdDropped);
  // A new descriptor for the same pipe, closed on exec.
  EXPECT_TRUE(writesToThePipe(M.Fd));
  EXPECT_EQ(fcntl(M.Fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
  close(M.Fd);
}

TEST_F(FdPassingTest, AMessageWithoutADescriptorCarriesNone) {
  char Byte = 'b';
  ASSERT_EQ(sendWithFd(Sockets[0], &Byte, 1, -1), 1);
  char Received = 0;
  FdMessage M = receiveWithFd(Sockets[1], &Received, 1);
  EXPECT_EQ(M.Size, 1);
  EXPECT_EQ(Received, 'b');
  EXPECT_EQ(M.Fd, -1);
  EXPECT_FALSE(M.FdDropped);
}

TEST_F(FdPassingTest, ADescriptorTheReceiverHasNoRoomForIsDropped) {
  char Byte = 'b';
  ASSERT_EQ(sendWithFd(Sockets[0], &Byte, 1, Pipe[1]), 1);
  // The lowest free descriptor: every one below it is taken, so a limit of
  // that many leaves no room for another.
  int Free = dup(Pipe[0]);
  ASSERT_GE(Free, 0);
  close(Free);
  rlimit Saved;
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &Saved), 0);
  rlimit Tight = Saved;
  Tight.rlim_cur = static_cast<rlim_t>(Free);
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &Tight), 0);
  char Received = 0;
  FdMessage M = receiveWithFd(Sockets[1], &Received, 1);
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &Saved), 0);
  EXPECT_EQ(M.Size, 1);
  EXPECT_EQ(M.Fd, -1);
  EXPECT_TRUE(M.FdDropped);
}

TEST_F(FdPassingTest, TheEndOfTheStreamIsAnEmptyMessage) {
  close(Sockets[0]);
  Sockets[0] = -1;
  char Received = 0;
  FdMessage M = receiveWithFd(Sockets[1], &Received, 1);
  EXPECT_EQ(M.Size, 0);
  EXPECT_EQ(M.Fd, -1);
}

TEST_F(FdPassingTest, AFailedReceiveSaysWhy) {
  char Received = 0;
  FdMessage M = receiveWithFd(Pipe[0] + 1000, &Received, 1);
  EXPECT_EQ(M.Size, -1);
  EXPECT_EQ(M.Errno, EBADF);
}

TEST_F(FdPassingTest, ADescriptorIsFetchedFromItsProcess) {
  if (!isPidfdGetfdAvailable())
    GTEST_SKIP() << "kernel without pidfd_getfd";
  FetchedFd Fetched = fetchFd(getpid(), Pipe[1]);
  ASSERT_GE(Fetched.Fd, 0) << Fetched.Errno;
  EXPECT_NE(Fetched.Fd, Pipe[1]);
  EXPECT_TRUE(writesToThePipe(Fetched.Fd));
  close(Fetched.Fd);
}

TEST_F(FdPassingTest, FetchingADescriptorTheProcessLacksFailsAtGetfd) {
  if (!isPidfdGetfdAvailable())
    GTEST_SKIP() << "kernel without pidfd_getfd";
  // A high number, closed again: the pidfd that fetchFd opens takes the
  // lowest free number, so it cannot be the descriptor asked for.
  int Closed = fcntl(Pipe[1], F_DUPFD, 900);
  ASSERT_GE(Closed, 0);
  close(Closed);
  FetchedFd Fetched = fetchFd(getpid(), Closed);
  EXPECT_EQ(Fetched.Fd, -1);
  EXPECT_FALSE(Fetched.PidfdNotOpened);
  EXPECT_EQ(Fetched.Errno, EBADF);
}

TEST_F(FdPassingTest, FetchingFromNoProcessFailsAtPidfdOpen) {
  FetchedFd Fetched = fetchFd(-1, Pipe[1]);
  EXPECT_EQ(Fetched.Fd, -1);
  EXPECT_TRUE(Fetched.PidfdNotOpened);
  EXPECT_NE(Fetched.Errno, 0);
}

TEST_F(FdPassingTest, AScopedDescriptorIsClosedAtTheEndOfItsScope) {
  int Copy = dup(Pipe[1]);
  ASSERT_GE(Copy, 0);
  {
    ScopedFd Owned(Copy);
    EXPECT_EQ(Owned.get(), Copy);
  }
  EXPECT_EQ(fcntl(Copy, F_GETFD), -1);
  EXPECT_EQ(errno, EBADF);
}

#endif

} // namespace
