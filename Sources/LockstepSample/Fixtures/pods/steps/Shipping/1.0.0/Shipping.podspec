Pod::Spec.new do |s|
  s.name          = 'Shipping'
  s.version       = '1.0.0'
  s.summary       = 'Flat-rate shipping for the shop (Objective-C).'
  s.homepage      = 'https://git.example.com/ios/Shipping'
  s.license       = { :type => 'MIT' }
  s.author        = { 'Shop Platform' => 'platform@example.com' }
  s.source        = { :git => 'https://git.example.com/ios/Shipping.git', :tag => s.version.to_s }
  s.ios.deployment_target = '15.0'
  s.source_files  = 'Classes/**/*.{h,m}'
  s.public_header_files = 'Classes/FlatRateShippingService.h', 'Classes/ShippingRegistry.h'
  s.frameworks    = 'Foundation'
  s.dependency 'ShippingProtocols', '~> 1.0'
end
