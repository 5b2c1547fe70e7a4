import { Flex, QRCode, Typography } from 'antd';

/**
 * The authenticator app's setup: the otpauth URL as a QR code (antd's QRCode, drawn as SVG so
 * it needs no canvas), and the secret to type in by hand.
 */
export default function TotpEnrollment({
  otpauthUrl,
  secret,
}: {
  otpauthUrl: string;
  secret: string;
}) {
  return (
    <Flex vertical align="center" gap={12} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        你的角色需要动态验证码。请用身份验证器（如 Google Authenticator、Microsoft
        Authenticator）扫描二维码，然后输入它显示的6位数字。
      </Typography.Paragraph>
      <QRCode value={otpauthUrl} type="svg" size={176} bordered aria-label="身份验证器二维码" />
      <Typography.Text type="secondary">无法扫码时，手动输入密钥：</Typography.Text>
      <Typography.Text code copyable={{ text: secret }} data-testid="totp-secret">
        {secret.replace(/(.{4})/g, '$1 ').trim()}
      </Typography.Text>
    </Flex>
  );
}
